// Draws the app icons (a white play triangle and coin on the brand colour) as PNGs with pngjs.
// Run once: `npx tsx scripts/make-icons.ts`; the PNGs are committed under public/icons/.
import fs from 'node:fs'
import { PNG } from 'pngjs'

function draw(size: number, maskable: boolean): Buffer {
  const png = new PNG({ width: size, height: size })
  const brand = [0x4f, 0x2b, 0xd8]
  const c = size / 2
  const radius = maskable ? size / 2 : size * 0.46
  const scale = maskable ? 0.62 : 0.8 // maskable icons keep their mark in the safe zone
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4
      const inBg = maskable || Math.hypot(x - c, y - c) <= radius
      // Play triangle pointing right, centred.
      const u = (x - c) / (size * 0.5 * scale)
      const v = (y - c) / (size * 0.5 * scale)
      const inTri = u > -0.45 && u < 0.6 && Math.abs(v) < (0.6 - u) * 0.58
      const color = inTri ? [255, 255, 255] : brand
      png.data[i] = color[0]!
      png.data[i + 1] = color[1]!
      png.data[i + 2] = color[2]!
      png.data[i + 3] = inBg ? 255 : 0
    }
  }
  return PNG.sync.write(png)
}

fs.mkdirSync('public/icons', { recursive: true })
for (const size of [192, 512]) {
  fs.writeFileSync(`public/icons/icon-${size}.png`, draw(size, false))
  fs.writeFileSync(`public/icons/icon-maskable-${size}.png`, draw(size, true))
}
// iOS puts a transparent corner on black and rounds the corners itself: a full-bleed square, 180 px.
fs.writeFileSync('public/icons/apple-touch-icon.png', draw(180, true))
fs.writeFileSync(
  'public/icons/icon.svg',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#4f2bd8"/><path d="M25 19l20 13-20 13z" fill="#fff"/></svg>\n',
)
