import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { SecondFactor } from '../../domain/staff/ports';
import { SHOP } from '../../domain/messages/layout';

const PERIOD_S = 30;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: SHOP.name,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** TOTP (RFC 6238: SHA-1, six digits, 30 seconds), as every authenticator app reads it, through `otpauth`. */
export function totpSecondFactor(): SecondFactor {
  return {
    newSecret: () => new Secret({ size: 20 }).base32,
    uri: (secret, email) => totpOf(secret, email).toString(),
    match(secret, code, at) {
      const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
      return delta === null ? null : Math.floor(at.getTime() / 1000 / PERIOD_S) + delta;
    },
    qrSvg: (text) => QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
  };
}
