/**
 * The bank list bundled with the `ifsc` npm package (Razorpay's data), used when the IFSC service
 * cannot be reached (docs/product.md#configuration): it names the bank of a code, but not the branch.
 */
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

let bankNames: Record<string, string> | null = null
let sublets: Record<string, string> | null = null

function load(): { bankNames: Record<string, string>; sublets: Record<string, string> } {
  bankNames ??= require('ifsc/src/banknames.json') as Record<string, string>
  sublets ??= {
    ...(require('ifsc/src/sublet.json') as Record<string, string>),
    ...(require('ifsc/src/custom-sublets.json') as Record<string, string>),
  }
  return { bankNames, sublets }
}

/**
 * The name of the bank behind a well-formed, uppercased IFSC, from the package's data: a sublet
 * code (a branch run for another bank) names that bank, otherwise the first four letters do.
 * Returns null when the package knows no such bank.
 */
export function bundledBankName(ifsc: string): string | null {
  const data = load()
  const bankCode = data.sublets[ifsc] ?? ifsc.slice(0, 4)
  return data.bankNames[bankCode] ?? null
}
