/**
 * The `upi://pay` deep link behind each QR code (NPCI's UPI linking spec): payee address, payee
 * name, amount with two decimals, INR, the order id as transaction reference, and a note.
 */

export interface UpiLinkInput {
  upiId: string
  payeeName: string
  /** Whole rupees (or paise as a fraction); written with two decimals. */
  amount: number
  orderId: string
  note: string
}

/** Builds `upi://pay?pa=…&pn=…&am=…&cu=INR&tr=…&tn=…`; names and notes are URL-encoded. */
export function buildUpiLink({ upiId, payeeName, amount, orderId, note }: UpiLinkInput): string {
  return (
    `upi://pay?pa=${upiId}&pn=${encodeURIComponent(payeeName)}&am=${amount.toFixed(2)}` +
    `&cu=INR&tr=${encodeURIComponent(orderId)}&tn=${encodeURIComponent(note)}`
  )
}

/** Decodes a `data:image/png;base64,…` URL into a Blob (no fetch: CSP's connect-src stays strict). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', data = ''] = dataUrl.split(',')
  const type = /data:([^;]+)/.exec(head)?.[1] ?? 'application/octet-stream'
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
  return new Blob([bytes], { type })
}
