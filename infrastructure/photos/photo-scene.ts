// An illustrated Buea street scene drawn as SVG: the demo needs photos without shipping binaries
// or fetching anything. Mount Cameroon behind, red laterite earth in front, a painted building
// with barred windows, a palm, and a caption. Flat shapes only (no filters): librsvg renders them
// in a few milliseconds, which keeps the first start of the demo fast.

export const SCENE_WIDTH = 1024;
export const SCENE_HEIGHT = 683;

export type SceneKind = "room" | "studio" | "apartment" | "house" | "guest_house" | "cover";

export interface SceneOptions {
  kind: SceneKind;
  /** Shown in a dark band at the bottom left, e.g. "Studio · Molyko". */
  caption: string;
  /** Picks colours and layout; the same variant always draws the same picture. */
  variant?: number;
}

// Colours seen on Buea houses: cream and ochre plaster, terracotta, pale blue, mint, salmon.
const WALLS = ["#f2e3c6", "#e8b84a", "#c96f4a", "#a9c9de", "#b9d8b0", "#e7b7a8", "#f4f1ea", "#d9c27e"];
// Corrugated zinc (grey), rusted zinc, painted red and green aluminium sheets.
const ROOFS = ["#8d969c", "#9c5b3b", "#a8322d", "#3f6b4a", "#6d7479"];
const SKIES: Array<[string, string]> = [
  ["#6fb3e0", "#d8eefa"], // clear dry-season morning
  ["#9fb7c7", "#e6edf0"], // rainy-season mist off the mountain
  ["#f0a35e", "#fbe3b8"], // evening
  ["#5aa0d6", "#c8e4f5"],
];
const DOORS = ["#6b3f22", "#2f4f6f", "#7a2e2e", "#3d5a3a"];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

const pick = <T>(list: readonly T[], n: number): T => list[((n % list.length) + list.length) % list.length];

/** A window with a frame and the burglar bars every ground-floor window in Buea has. */
function barredWindow(x: number, y: number, w: number, h: number): string {
  const bars = [1, 2, 3].map((i) => {
    const bx = x + (w * i) / 4;
    return `<line x1="${bx}" y1="${y}" x2="${bx}" y2="${y + h}" stroke="#3b3b3b" stroke-width="3"/>`;
  });
  return (
    `<rect x="${x - 5}" y="${y - 5}" width="${w + 10}" height="${h + 10}" fill="#ffffff"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#5f8fb0"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h / 2}" fill="#89b4cf"/>` +
    bars.join("")
  );
}

function door(x: number, y: number, w: number, h: number, colour: string): string {
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${colour}"/>` +
    `<circle cx="${x + w - 10}" cy="${y + h / 2}" r="4" fill="#e0c060"/>`
  );
}

function palm(x: number, ground: number, height: number): string {
  const top = ground - height;
  const fronds = [-150, -120, -70, -30, 10, 40]
    .map((angle) => {
      const rad = (angle * Math.PI) / 180;
      const ex = x + Math.cos(rad) * 110;
      const ey = top + Math.sin(rad) * 60 + 50;
      const cx = x + Math.cos(rad) * 60;
      const cy = top - 30;
      return `<path d="M${x} ${top} Q${cx} ${cy} ${ex} ${ey}" stroke="#2f7a3a" stroke-width="14" fill="none" stroke-linecap="round"/>`;
    })
    .join("");
  return (
    `<path d="M${x - 9} ${ground} Q${x + 25} ${ground - height / 2} ${x} ${top} L${x + 8} ${top} Q${x + 35} ${ground - height / 2} ${x + 9} ${ground} Z" fill="#7a5a3a"/>` +
    fronds +
    `<circle cx="${x}" cy="${top + 6}" r="9" fill="#5a3d20"/>`
  );
}

function bananaPlant(x: number, ground: number): string {
  return (
    `<rect x="${x - 6}" y="${ground - 90}" width="12" height="90" fill="#6f8f3a"/>` +
    `<ellipse cx="${x - 40}" cy="${ground - 100}" rx="50" ry="16" fill="#4f9a3f" transform="rotate(-25 ${x - 40} ${ground - 100})"/>` +
    `<ellipse cx="${x + 40}" cy="${ground - 105}" rx="50" ry="16" fill="#5aa847" transform="rotate(25 ${x + 40} ${ground - 105})"/>` +
    `<ellipse cx="${x}" cy="${ground - 130}" rx="14" ry="45" fill="#4f9a3f"/>`
  );
}

interface Building {
  svg: string;
}

/** Storeys, windows per storey and doors differ by kind, so a room block never looks like a villa. */
function building(kind: SceneKind, variant: number, ground: number): Building {
  const wall = pick(WALLS, variant);
  const roof = pick(ROOFS, variant * 3 + 1);
  const doorColour = pick(DOORS, variant);
  const layout = {
    room: { x: 250, w: 520, storeys: 2, windows: 5, doors: 1, roofStyle: "flat" },
    studio: { x: 220, w: 560, storeys: 1, windows: 4, doors: 4, roofStyle: "shed" },
    apartment: { x: 260, w: 480, storeys: 3, windows: 3, doors: 1, roofStyle: "flat" },
    house: { x: 200, w: 600, storeys: 1, windows: 3, doors: 1, roofStyle: "hip" },
    guest_house: { x: 240, w: 540, storeys: 2, windows: 4, doors: 1, roofStyle: "hip" },
    cover: { x: 300, w: 420, storeys: 2, windows: 3, doors: 1, roofStyle: "hip" },
  }[kind];
  const storeyHeight = 120;
  const height = layout.storeys * storeyHeight;
  const top = ground - height;
  const parts: string[] = [];

  // Roof first so the walls sit over its lower edge.
  if (layout.roofStyle === "hip") {
    parts.push(
      `<polygon points="${layout.x - 40},${top + 6} ${layout.x + 70},${top - 90} ${layout.x + layout.w - 70},${top - 90} ${layout.x + layout.w + 40},${top + 6}" fill="${roof}"/>`,
    );
    for (let i = 1; i < 12; i += 1) {
      const rx = layout.x + 70 + ((layout.w - 140) * i) / 12;
      parts.push(
        `<line x1="${rx}" y1="${top - 88}" x2="${rx + (rx - (layout.x + layout.w / 2)) * 0.25}" y2="${top + 4}" stroke="#00000022" stroke-width="3"/>`,
      );
    }
  } else if (layout.roofStyle === "shed") {
    parts.push(
      `<polygon points="${layout.x - 30},${top + 6} ${layout.x - 30},${top - 30} ${layout.x + layout.w + 30},${top - 60} ${layout.x + layout.w + 30},${top + 6}" fill="${roof}"/>`,
    );
  } else {
    parts.push(`<rect x="${layout.x - 15}" y="${top - 22}" width="${layout.w + 30}" height="26" fill="${roof}"/>`);
  }

  parts.push(`<rect x="${layout.x}" y="${top}" width="${layout.w}" height="${height}" fill="${wall}"/>`);
  // A darker skirting band: red earth splashes up the walls in the rainy season.
  parts.push(`<rect x="${layout.x}" y="${ground - 22}" width="${layout.w}" height="22" fill="#9b4a2a" opacity="0.55"/>`);

  for (let s = 0; s < layout.storeys; s += 1) {
    const rowTop = top + s * storeyHeight;
    if (s > 0) parts.push(`<rect x="${layout.x}" y="${rowTop - 4}" width="${layout.w}" height="8" fill="#00000018"/>`);
    const groundFloor = s === layout.storeys - 1;
    const slots = groundFloor ? layout.windows + layout.doors : layout.windows;
    const slotWidth = layout.w / slots;
    let doorsLeft = groundFloor ? layout.doors : 0;
    for (let k = 0; k < slots; k += 1) {
      const cx = layout.x + slotWidth * (k + 0.5);
      // Doors alternate with windows on the ground floor (one door per studio in a row of studios).
      const isDoor = doorsLeft > 0 && (layout.doors > 1 ? k % 2 === 0 : k === Math.floor(slots / 2));
      if (isDoor) {
        doorsLeft -= 1;
        parts.push(door(cx - 28, ground - 100, 56, 100, doorColour));
      } else {
        parts.push(barredWindow(cx - 32, rowTop + 30, 64, 54));
      }
    }
    // Balconies with railings on the upper floors of apartment blocks.
    if (kind === "apartment" && !groundFloor) {
      parts.push(`<rect x="${layout.x - 10}" y="${rowTop + 92}" width="${layout.w + 20}" height="10" fill="#ffffffaa"/>`);
    }
  }
  if (kind === "guest_house") {
    parts.push(`<rect x="${layout.x + layout.w / 2 - 110}" y="${top + 2}" width="220" height="26" rx="4" fill="#1f4e3d"/>`);
    parts.push(
      `<text x="${layout.x + layout.w / 2}" y="${top + 21}" font-family="DejaVu Sans, sans-serif" font-size="17" font-weight="bold" fill="#fff" text-anchor="middle">GUEST HOUSE</text>`,
    );
  }
  return { svg: parts.join("") };
}

/** The SVG text of one scene, SCENE_WIDTH x SCENE_HEIGHT. Pure: same options, same picture. */
export function composeSceneSvg({ kind, caption, variant = 0 }: SceneOptions): string {
  const [skyTop, skyBottom] = pick(SKIES, variant);
  const ground = 560;
  const mountainShift = (variant * 37) % 200;
  const palmX = variant % 2 === 0 ? 110 : 900;
  const bananaX = variant % 2 === 0 ? 880 : 140;
  const captionText = escapeXml(caption);
  const captionWidth = Math.min(980, 40 + caption.length * 17);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
<rect width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" fill="url(#sky)"/>
<polygon points="${-100 + mountainShift},${ground - 60} ${380 + mountainShift},110 ${470 + mountainShift},150 ${560 + mountainShift},95 ${1100 + mountainShift},${ground - 40}" fill="#4d6b6e" opacity="0.75"/>
<ellipse cx="${250 + mountainShift}" cy="160" rx="150" ry="28" fill="#ffffff" opacity="0.7"/>
<rect y="${ground - 70}" width="${SCENE_WIDTH}" height="70" fill="#3f7d3a" opacity="0.8"/>
<rect y="${ground}" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT - ground}" fill="#4f8f3f"/>
<path d="M0 ${SCENE_HEIGHT - 60} Q${SCENE_WIDTH / 2} ${ground + 10} ${SCENE_WIDTH} ${SCENE_HEIGHT - 70} L${SCENE_WIDTH} ${SCENE_HEIGHT} L0 ${SCENE_HEIGHT} Z" fill="#b5562f"/>
${building(kind, variant, ground).svg}
${bananaPlant(bananaX, ground)}
${palm(palmX, ground + 10, 300)}
<rect x="20" y="${SCENE_HEIGHT - 70}" width="${captionWidth}" height="50" rx="8" fill="#000000" opacity="0.6"/>
<text x="40" y="${SCENE_HEIGHT - 36}" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#ffffff">${captionText}</text>
</svg>`;
}
