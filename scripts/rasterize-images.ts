/**
 * `npx tsx scripts/rasterize-images.ts`: renders the SVG illustrations the pages show as `<img>`
 * (the landing's art, the partners' logos, the player's poster, the account screens' logo) to WebP
 * beside each SVG, in Debian's Chromium at 2× their CSS size (the landing poster and the player
 * poster, 640 px wide, at 1×: they show at most about 400 CSS px wide).
 *
 * Why not SVG: Chromium draws every SVG `<img>` through an SVG document of its own, built on the
 * page's main thread, which blocks taps while the landing's images load (Total Blocking Time); a
 * WebP is decoded off the main thread. The SVGs stay the sources: edit one, then run this script
 * and commit both.
 */
import fs from 'node:fs'
import path from 'node:path'
import { SEED_PARTNERS } from '../server/db/seeds/profile.ts'
import { launchBrowser } from '../tests/helpers/browser.ts'

/** WebP quality (0–1): the flat art's edges stay sharp at 2×. */
const QUALITY = 0.85

/** Each source SVG (under public/) and the WebP to write: scale = device pixels per CSS pixel. */
const IMAGES: Array<{ svg: string; webp: string; scale: number; size?: [number, number] }> = [
  { svg: 'landing/get-started.svg', webp: 'landing/get-started.webp', scale: 2 },
  { svg: 'landing/google-play-badge.svg', webp: 'landing/google-play-badge.webp', scale: 2 },
  { svg: 'landing/video-poster.svg', webp: 'landing/video-poster.webp', scale: 1 },
  { svg: 'player/poster.svg', webp: 'player/poster.webp', scale: 1 },
  { svg: 'icons/icon.svg', webp: 'icons/logo-144.webp', scale: 2, size: [72, 72] },
  // The partners' logos, as the seed data names them (/partners/x.webp, drawn from x.svg).
  ...SEED_PARTNERS.map(({ logo }) => ({
    svg: logo.slice(1).replace(/\.webp$/, '.svg'),
    webp: logo.slice(1),
    scale: 2,
  })),
]

const publicDir = path.resolve(import.meta.dirname, '../public')
const browser = await launchBrowser()
try {
  for (const image of IMAGES) {
    const svg = fs.readFileSync(path.join(publicDir, image.svg), 'utf8')
    const match = /<svg[^>]*\swidth="(\d+)"[^>]*\sheight="(\d+)"/.exec(svg)
    const [width, height] = image.size ?? (match ? [Number(match[1]), Number(match[2])] : [0, 0])
    if (!width || !height) throw new Error(`${image.svg}: no width and height`)
    const page = await browser.newPage({
      viewport: { width, height },
      deviceScaleFactor: image.scale,
    })
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="${src}" width="${width}" height="${height}">`,
    )
    const dataUrl = await page.locator('img').evaluate(
      async (img: HTMLImageElement, { scale, quality }) => {
        await img.decode()
        const canvas = document.createElement('canvas')
        canvas.width = img.width * scale
        canvas.height = img.height * scale
        canvas.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height)
        return canvas.toDataURL('image/webp', quality)
      },
      { scale: image.scale, quality: QUALITY },
    )
    fs.writeFileSync(
      path.join(publicDir, image.webp),
      Buffer.from(dataUrl.split(',')[1]!, 'base64'),
    )
    await page.close()
    const bytes = fs.statSync(path.join(publicDir, image.webp)).size
    console.log(`${image.webp}  ${width * image.scale}×${height * image.scale}  ${bytes} bytes`)
  }
} finally {
  await browser.close()
}
