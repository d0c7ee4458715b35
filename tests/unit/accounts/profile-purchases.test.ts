import { describe, expect, it } from "vitest";
import { profilePurchasesShown } from "#domain/accounts/profile-purchases";

const never = { active: false, expired: false };
const running = { active: true, expired: false };
const over = { active: false, expired: true };

describe("the purchases a profile shows", () => {
  it("shows a student both, bought or not", () => {
    expect(profilePurchasesShown(false, never, never)).toEqual({ subscription: true, platformAccess: true });
  });

  it("shows an agent neither when they bought neither", () => {
    expect(profilePurchasesShown(true, never, never)).toEqual({ subscription: false, platformAccess: false });
  });

  it("shows an agent what they bought, running or over, and only that", () => {
    expect(profilePurchasesShown(true, never, running)).toEqual({ subscription: false, platformAccess: true });
    expect(profilePurchasesShown(true, over, never)).toEqual({ subscription: true, platformAccess: false });
  });
});
