import crypto from 'node:crypto'

/**
 * The drawing's version: raise it when the certificate's layout or texts change, so that copies drawn
 * before are not handed out again.
 */
export const DRAWING_VERSION = 2

/**
 * Where the drawn PDF of a certificate is kept in storage. A certificate never changes once issued,
 * so its PDF depends only on the code and on what the drawing reads besides the certificate: the
 * template file (a new upload is a new key), the language, the verification address printed in it and
 * the Open Badges credential attached to it (the same VC-JWT every time for one address and key).
 */
export function storedPdfKey(code: string, o: { template: string | null; locale: string; verifyUrl: string; credential?: string }): string {
  const variant = crypto
    .createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, o.template, o.locale, o.verifyUrl, o.credential ?? null]))
    .digest('hex')
    .slice(0, 32)
  return `certificates/issued/${code}/${variant}.pdf`
}
