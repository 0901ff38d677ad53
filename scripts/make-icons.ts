// Draws the app icon (a gold coin with a rupee sign on the brand colour) as the SVG favicon and the
// PNGs the manifest and iOS use, rendered in Debian's Chromium: icon-192/512 (a round mark on a
// transparent ground), icon-maskable-192/512 (full-bleed, the coin inside the maskable safe zone,
// the central 80 %) and apple-touch-icon (180 px, full-bleed: iOS rounds the corners itself).
// Run once: `npx tsx scripts/make-icons.ts`, then `npx tsx scripts/rasterize-images.ts` for the
// account screens' logo (icons/logo-144.webp); the files are committed under public/icons/.
// index.html inlines icon.svg as the favicon: paste the printed data URL there.
import fs from 'node:fs'
import zlib from 'node:zlib'
import { PNG } from 'pngjs'
import { launchBrowser } from '../tests/helpers/browser.ts'

const BRAND = '#4f2bd8'
/** The coin and its rupee sign, on a 64×64 grid centred at (32, 32): radius 21 of 32. */
const COIN =
  '<circle cx="32" cy="32" r="21" fill="#ffc83d"/>' +
  '<circle cx="32" cy="32" r="21" fill="none" stroke="#e2a000" stroke-width="2.5"/>' +
  '<circle cx="32" cy="32" r="16.5" fill="none" stroke="#f0b000" stroke-width="1.2"/>' +
  // ₹: two bars, the bowl from the upper bar, the leg from the bowl down to the right.
  `<path d="M24.5 21.5h15M24.5 26.5h15M27.5 21.5h2a5.5 5.5 0 0 1 0 11h-4.5l11 10.5" fill="none" stroke="${BRAND}" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>`

/** The icon as SVG: `round` on a brand circle with a transparent ground, else full-bleed brand. */
function svg(round: boolean): string {
  const ground = round
    ? `<circle cx="32" cy="32" r="30" fill="${BRAND}"/>`
    : `<rect width="64" height="64" fill="${BRAND}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${ground}${COIN}</svg>\n`
}

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * `rgba` (a PNG) as an indexed PNG of at most 256 colours: the most frequent colours, every other
 * pixel (the anti-aliased edges) mapped to the nearest of them. The flat art has a few hundred
 * colours, all but a handful on its edges: about a third of the truecolour file, the same look.
 */
function indexed(rgba: Buffer): Buffer {
  const png = PNG.sync.read(rgba)
  const { width, height, data } = png
  const counts = new Map<number, number>()
  for (let i = 0; i < data.length; i += 4) {
    const c = data.readUInt32BE(i)
    counts.set(c, (counts.get(c) ?? 0) + 1)
  }
  const palette = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 256)
    .map(([c]) => c)
  const channels = (c: number) => [c >>> 24, (c >>> 16) & 255, (c >>> 8) & 255, c & 255]
  const entries = palette.map(channels)
  const nearest = new Map<number, number>()
  const indexOf = (c: number): number => {
    let best = nearest.get(c)
    if (best !== undefined) return best
    const [r, g, b, a] = channels(c)
    let bestDistance = Infinity
    best = 0
    for (const [i, [pr, pg, pb, pa]] of entries.entries()) {
      const d = (r! - pr!) ** 2 + (g! - pg!) ** 2 + (b! - pb!) ** 2 + (a! - pa!) ** 2
      if (d < bestDistance) [bestDistance, best] = [d, i]
    }
    nearest.set(c, best)
    return best
  }
  // Each scanline: filter type 0 (none), then one palette index a pixel.
  const raw = Buffer.alloc(height * (width + 1))
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      raw[y * (width + 1) + 1 + x] = indexOf(data.readUInt32BE((y * width + x) * 4))
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 3, 0, 0, 0], 8) // 8-bit indices, colour type 3 (palette), no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(entries.flatMap(([r, g, b]) => [r!, g!, b!]))),
    chunk('tRNS', Buffer.from(entries.map(([, , , a]) => a!))),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const browser = await launchBrowser()
try {
  /** `source` drawn at `size`×`size` px as a PNG with its transparency. */
  async function png(source: string, size: number): Promise<Buffer> {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    const src = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block}</style><img src="${src}" width="${size}" height="${size}">`,
    )
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode())
    const shot = await page.screenshot({ omitBackground: true, type: 'png' })
    await page.close()
    return indexed(shot)
  }
  fs.mkdirSync('public/icons', { recursive: true })
  for (const size of [192, 512]) {
    fs.writeFileSync(`public/icons/icon-${size}.png`, await png(svg(true), size))
    fs.writeFileSync(`public/icons/icon-maskable-${size}.png`, await png(svg(false), size))
  }
  fs.writeFileSync('public/icons/apple-touch-icon.png', await png(svg(false), 180))
  fs.writeFileSync('public/icons/icon.svg', svg(true))
} finally {
  await browser.close()
}
const dataUrl = `data:image/svg+xml,${svg(true)
  .trim()
  .replace(/"/g, "'")
  .replace(/[<>#%]/g, (c) => encodeURIComponent(c))}`
console.log(`favicon for index.html (${svg(true).length} bytes):\n${dataUrl}`)
