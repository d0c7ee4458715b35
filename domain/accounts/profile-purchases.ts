// Which of a person's purchases their profile shows (issue 33). The subscription and the
// guest-house platform access are a student's tools: a student always sees both (to buy or renew
// them). An agent does not, except what they bought: a guest-house stay is open to anyone signed
// in, and what was paid for is never hidden from its payer.

/** A period bought with a payment: running now, or over. Neither means never bought. */
export interface BoughtPeriod {
  active: boolean;
  expired: boolean;
}

export interface ProfilePurchases {
  subscription: boolean;
  platformAccess: boolean;
}

export function profilePurchasesShown(isAgent: boolean, subscription: BoughtPeriod, platformAccess: BoughtPeriod): ProfilePurchases {
  const bought = (period: BoughtPeriod) => period.active || period.expired;
  return {
    subscription: !isAgent || bought(subscription),
    platformAccess: !isAgent || bought(platformAccess),
  };
}
