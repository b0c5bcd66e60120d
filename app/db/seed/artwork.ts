/**
 * Demo artwork drawn in code (no downloads): garment silhouettes in the variant colour with the
 * Pryde wordmark, hero banners, activity covers and custom-design swatches, all as small SVGs.
 */

export type Garment = "tshirt" | "jersey" | "hoodie" | "jacket" | "cap" | "bag" | "socks" | "bottle" | "band";

export interface Artwork {
  /** File name stem; the content hash is appended by the seed. */
  name: string;
  folder: string;
  svg: string;
  width: number;
  height: number;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Black or white, whichever reads better on the fill. */
export function contrastInk(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#111111" : "#ffffff";
}

/** Slightly darker shade of a colour, for seams and shadows. */
function shade(hex: string, factor = 0.82): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 255) * factor);
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, "0")).join("")}`;
}

const fontFamily = "'Noto Sans Thai', 'Helvetica Neue', Arial, sans-serif";

function wordmark(x: number, y: number, size: number, ink: string): string {
  return `<text x="${x}" y="${y}" text-anchor="middle" font-family="${fontFamily}" font-size="${size}" font-weight="800" letter-spacing="${size * 0.12}" fill="${ink}">PRYDE</text>`;
}

function garmentBody(garment: Garment, fill: string, accent: string, label: string): string {
  const ink = contrastInk(fill);
  const seam = shade(fill);
  const outline = `stroke="${seam}" stroke-width="4" stroke-linejoin="round"`;
  switch (garment) {
    case "tshirt":
      return `<path d="M220 110 L170 125 L80 185 L120 270 L170 245 L170 500 L430 500 L430 245 L480 270 L520 185 L430 125 L380 110 Q300 160 220 110 Z" fill="${fill}" ${outline}/>
<path d="M220 110 Q300 160 380 110" fill="none" stroke="${seam}" stroke-width="10"/>${wordmark(300, 260, 46, ink)}`;
    case "jersey":
      return `<path d="M225 105 L165 125 L75 200 L120 280 L170 255 L170 505 L430 505 L430 255 L480 280 L525 200 L435 125 L375 105 L300 165 Z" fill="${fill}" ${outline}/>
<path d="M225 105 L300 165 L375 105" fill="none" stroke="${accent}" stroke-width="12"/>
<rect x="170" y="300" width="260" height="22" fill="${accent}" opacity="0.85"/><rect x="170" y="335" width="260" height="10" fill="${accent}" opacity="0.85"/>
${wordmark(300, 250, 40, ink)}<text x="300" y="450" text-anchor="middle" font-family="${fontFamily}" font-size="90" font-weight="800" fill="${ink}">${escapeXml(label)}</text>`;
    case "hoodie":
      return `<path d="M235 120 Q300 40 365 120 L440 150 L520 300 L470 330 L430 260 L430 510 L170 510 L170 260 L130 330 L80 300 L160 150 Z" fill="${fill}" ${outline}/>
<path d="M245 125 Q300 190 355 125 Q330 70 300 68 Q270 70 245 125 Z" fill="${seam}"/>
<path d="M230 400 L370 400 L390 470 L210 470 Z" fill="${seam}" opacity="0.6"/>
<line x1="285" y1="150" x2="280" y2="220" stroke="${ink}" stroke-width="4"/><line x1="315" y1="150" x2="320" y2="220" stroke="${ink}" stroke-width="4"/>
${wordmark(300, 320, 44, ink)}`;
    case "jacket":
      return `<path d="M230 105 L160 135 L85 330 L140 345 L175 265 L175 510 L425 510 L425 265 L460 345 L515 330 L440 135 L370 105 L300 140 Z" fill="${fill}" ${outline}/>
<path d="M230 105 L300 140 L370 105 L350 85 L250 85 Z" fill="${accent}"/>
<line x1="300" y1="140" x2="300" y2="510" stroke="${seam}" stroke-width="8"/>
<rect x="175" y="490" width="250" height="20" fill="${accent}"/>
${wordmark(240, 230, 26, ink)}`;
    case "cap":
      return `<path d="M150 360 Q150 180 300 170 Q450 180 450 360 Z" fill="${fill}" ${outline}/>
<path d="M140 360 L460 360 Q520 365 540 400 Q420 420 300 400 Q200 390 140 380 Z" fill="${seam}"/>
<circle cx="300" cy="172" r="12" fill="${seam}"/><path d="M300 180 L300 360" stroke="${seam}" stroke-width="3"/>
${wordmark(300, 305, 42, ink)}`;
    case "bag":
      return `<path d="M230 200 Q230 110 300 110 Q370 110 370 200" fill="none" stroke="${seam}" stroke-width="16"/>
<path d="M150 200 L450 200 L475 500 L125 500 Z" fill="${fill}" ${outline}/>
${wordmark(300, 370, 50, ink)}`;
    case "socks":
      return `<path d="M190 100 L280 100 L280 360 Q280 430 220 450 L130 470 Q90 470 95 430 Q100 400 140 390 L190 375 Z" fill="${fill}" ${outline}/>
<path d="M320 120 L410 120 L410 380 Q410 450 350 470 L260 490 Q220 490 225 450 Q230 420 270 410 L320 395 Z" fill="${fill}" ${outline}/>
<rect x="190" y="100" width="90" height="30" fill="${accent}"/><rect x="320" y="120" width="90" height="30" fill="${accent}"/>
<text x="235" y="260" text-anchor="middle" font-family="${fontFamily}" font-size="22" font-weight="800" fill="${ink}" transform="rotate(-90 235 260)">PRYDE</text>
<text x="365" y="280" text-anchor="middle" font-family="${fontFamily}" font-size="22" font-weight="800" fill="${ink}" transform="rotate(-90 365 280)">PRYDE</text>`;
    case "bottle":
      return `<rect x="265" y="80" width="70" height="50" rx="10" fill="${seam}"/>
<path d="M240 150 Q240 130 265 130 L335 130 Q360 130 360 150 L370 190 L370 500 Q370 520 350 520 L250 520 Q230 520 230 500 L230 190 Z" fill="${fill}" ${outline}/>
<text x="300" y="340" text-anchor="middle" font-family="${fontFamily}" font-size="34" font-weight="800" fill="${ink}" transform="rotate(-90 300 340)">PRYDE</text>`;
    case "band":
      return `<ellipse cx="220" cy="300" rx="110" ry="140" fill="none" stroke="${fill}" stroke-width="60"/>
<ellipse cx="380" cy="300" rx="110" ry="140" fill="none" stroke="${shade(fill, 0.9)}" stroke-width="60"/>
${wordmark(220, 170, 20, ink)}${wordmark(380, 170, 20, ink)}`;
  }
}

/** 600×600 product shot: a soft backdrop and the garment in the variant's colour. */
export function productArtwork(options: { slug: string; garment: Garment; fill: string; accent?: string; label?: string }): Artwork {
  const accent = options.accent ?? (contrastInk(options.fill) === "#ffffff" ? "#f5f5f5" : "#2b6ff5");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="${escapeXml(options.slug)}">
<defs><linearGradient id="bg-${options.slug}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f6fb"/><stop offset="1" stop-color="#e3e8f2"/></linearGradient></defs>
<rect width="600" height="600" fill="url(#bg-${options.slug})"/><ellipse cx="300" cy="545" rx="210" ry="22" fill="#000" opacity="0.08"/>
${garmentBody(options.garment, options.fill, accent, options.label ?? "10")}
</svg>`;
  return { name: options.slug, folder: "products", svg, width: 600, height: 600 };
}

/** Wide banner for the home carousel (text is drawn by the page, not baked in). */
export function heroArtwork(options: { name: string; from: string; to: string; garments: { garment: Garment; fill: string }[] }): Artwork {
  const pieces = options.garments
    .map((piece, index) => {
      const x = 700 + index * 420;
      const y = 70 + (index % 2) * 50;
      return `<g transform="translate(${x} ${y}) scale(0.9)">${garmentBody(piece.garment, piece.fill, "#ffffff", String(7 + index))}</g>`;
    })
    .join("\n");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 700" width="1600" height="700" role="img" aria-hidden="true">
<defs><linearGradient id="bg-${options.name}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${options.from}"/><stop offset="1" stop-color="${options.to}"/></linearGradient></defs>
<rect width="1600" height="700" fill="url(#bg-${options.name})"/>
<circle cx="1350" cy="120" r="260" fill="#ffffff" opacity="0.08"/><circle cx="200" cy="650" r="320" fill="#ffffff" opacity="0.06"/>
${pieces}
</svg>`;
  return { name: options.name, folder: "hero", svg, width: 1600, height: 700 };
}

/** 1200×630 cover (also fits social previews): bold shapes in two colours and a big motif. */
export function coverArtwork(options: { name: string; folder: string; from: string; to: string; motif: Garment; fill: string }): Artwork {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630" role="img" aria-hidden="true">
<defs><linearGradient id="bg-${options.name}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${options.from}"/><stop offset="1" stop-color="${options.to}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#bg-${options.name})"/>
<path d="M0 630 L420 0 L620 0 L200 630 Z" fill="#ffffff" opacity="0.07"/><path d="M300 630 L720 0 L780 0 L360 630 Z" fill="#ffffff" opacity="0.07"/>
<g transform="translate(620 20)">${garmentBody(options.motif, options.fill, "#ffffff", "26")}</g>
${wordmark(260, 340, 90, "#ffffff")}
</svg>`;
  return { name: options.name, folder: options.folder, svg, width: 1200, height: 630 };
}

/** Square swatch for a custom-product option (pattern, collar, sleeve) or a preset logo. */
export function swatchArtwork(options: {
  name: string;
  folder: string;
  kind: "solid" | "stripes" | "gradient" | "camo" | "round" | "v-neck" | "polo" | "short" | "long" | "star" | "shield" | "bolt" | "elephant";
  fill: string;
}): Artwork {
  const fill = options.fill;
  const ink = contrastInk(fill);
  const shapes: Record<typeof options.kind, string> = {
    solid: `<rect width="200" height="200" fill="${fill}"/>`,
    stripes: `<rect width="200" height="200" fill="${fill}"/>${[0, 1, 2, 3, 4].map((index) => `<rect x="${index * 44}" width="20" height="200" fill="${ink}" opacity="0.35"/>`).join("")}`,
    gradient: `<defs><linearGradient id="g-${options.name}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${fill}"/><stop offset="1" stop-color="${ink}"/></linearGradient></defs><rect width="200" height="200" fill="url(#g-${options.name})"/>`,
    camo: `<rect width="200" height="200" fill="${fill}"/><path d="M20 40 Q60 10 90 50 Q70 90 30 80 Z M120 20 Q170 30 160 80 Q120 90 110 50 Z M40 130 Q90 110 110 160 Q70 190 30 170 Z M130 120 Q190 120 180 180 Q140 190 120 160 Z" fill="${shade(fill, 0.7)}"/>`,
    round: `<rect width="200" height="200" fill="#f4f6fb"/><path d="M40 60 Q100 120 160 60" fill="none" stroke="${fill}" stroke-width="18"/>`,
    "v-neck": `<rect width="200" height="200" fill="#f4f6fb"/><path d="M40 50 L100 140 L160 50" fill="none" stroke="${fill}" stroke-width="18"/>`,
    polo: `<rect width="200" height="200" fill="#f4f6fb"/><path d="M40 50 L100 110 L160 50 L130 40 L100 80 L70 40 Z" fill="${fill}"/><circle cx="100" cy="130" r="7" fill="${fill}"/><circle cx="100" cy="160" r="7" fill="${fill}"/>`,
    short: `<rect width="200" height="200" fill="#f4f6fb"/><path d="M30 60 L100 40 L170 60 L150 120 L100 110 L50 120 Z" fill="${fill}"/>`,
    long: `<rect width="200" height="200" fill="#f4f6fb"/><path d="M40 30 L100 20 L160 30 L180 180 L140 180 L100 60 L60 180 L20 180 Z" fill="${fill}"/>`,
    star: `<rect width="200" height="200" fill="none"/><path d="M100 15 L124 75 L188 78 L138 118 L155 180 L100 145 L45 180 L62 118 L12 78 L76 75 Z" fill="${fill}"/>`,
    shield: `<rect width="200" height="200" fill="none"/><path d="M100 12 L178 40 L170 120 Q150 170 100 190 Q50 170 30 120 L22 40 Z" fill="${fill}"/><path d="M100 40 L150 58 L145 115 Q130 150 100 162 Z" fill="${ink}" opacity="0.25"/>`,
    bolt: `<rect width="200" height="200" fill="none"/><path d="M115 10 L40 115 L95 115 L80 190 L160 80 L105 80 Z" fill="${fill}"/>`,
    elephant: `<rect width="200" height="200" fill="none"/><path d="M40 150 L40 95 Q40 50 95 50 L130 50 Q175 50 178 95 L178 130 Q178 165 160 175 L160 150 Q158 120 150 115 L150 150 L125 150 L125 125 L80 125 L80 150 L55 150 L55 130 Z" fill="${fill}"/><circle cx="145" cy="80" r="6" fill="${ink}"/>`,
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-hidden="true">${shapes[options.kind]}</svg>`;
  return { name: options.name, folder: options.folder, svg, width: 200, height: 200 };
}

/** Front or back template of a custom garment for the designer canvas. */
export function customGarmentArtwork(options: { name: string; garment: Garment; fill: string; side: "front" | "back" }): Artwork {
  const body = garmentBody(options.garment, options.fill, "#ffffff", options.side === "back" ? "" : "").replace(/<text[^>]*>[^<]*<\/text>/g, "");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-hidden="true">${body}</svg>`;
  return { name: `${options.name}-${options.side}`, folder: "custom", svg, width: 600, height: 600 };
}
