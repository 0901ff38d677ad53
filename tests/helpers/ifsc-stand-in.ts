/**
 * A local stand-in for the public Razorpay IFSC service (docs/product.md#configuration), on a random port: it
 * answers `GET /{IFSC}` as the real one does (200 JSON with BANK, BRANCH, IFSC, …; 404 with the
 * body "Not Found" for an unknown code) and counts the requests it received per code.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** Codes the stand-in knows, with the fields the real service sends. */
export const STAND_IN_BRANCHES: Record<string, Record<string, string | boolean>> = {
  HDFC0000001: {
    BANK: 'HDFC Bank',
    BRANCH: 'SANDOZ HOUSE',
    ADDRESS: 'SANDOZ HOUSE, DR ANNIE BESANT ROAD, WORLI, MUMBAI - 400 018',
    CITY: 'MUMBAI',
    DISTRICT: 'MUMBAI',
    STATE: 'MAHARASHTRA',
    CENTRE: 'MUMBAI',
    CONTACT: '+912261606161',
    MICR: '400240002',
    SWIFT: 'HDFCINBB',
    ISO3166: 'IN-MH',
    BANKCODE: 'HDFC',
    UPI: true,
    RTGS: true,
    NEFT: true,
    IMPS: true,
    IFSC: 'HDFC0000001',
  },
  SBIN0000691: {
    BANK: 'State Bank of India',
    BRANCH: 'NEW DELHI MAIN BRANCH',
    ADDRESS: '11 PARLIAMENT STREET, NEW DELHI 110001',
    CITY: 'NEW DELHI',
    DISTRICT: 'NEW DELHI',
    STATE: 'DELHI',
    CENTRE: 'NEW DELHI',
    CONTACT: '',
    MICR: '110002087',
    ISO3166: 'IN-DL',
    BANKCODE: 'SBIN',
    UPI: true,
    RTGS: true,
    NEFT: true,
    IMPS: true,
    IFSC: 'SBIN0000691',
  },
}

export interface IfscStandIn {
  /** Base URL for `ifscApiUrl` (no trailing slash). */
  url: string
  /** Requests received, per requested code. */
  hits: Map<string, number>
  close(): Promise<void>
}

/** Starts the stand-in on 127.0.0.1 and a random port. */
export async function startIfscStandIn(): Promise<IfscStandIn> {
  const hits = new Map<string, number>()
  const server = http.createServer((req, res) => {
    const code = decodeURIComponent((req.url ?? '/').split('?')[0]!.slice(1))
    hits.set(code, (hits.get(code) ?? 0) + 1)
    const branch = STAND_IN_BRANCHES[code]
    if (req.method !== 'GET' || !branch) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify('Not Found'))
      return
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(branch))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A URL on a local port nothing listens on (it was bound, then closed): connections are refused. */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}
