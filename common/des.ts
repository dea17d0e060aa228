import CryptoJS from "crypto-js";

/**
 * DES-CBC with PKCS7 padding and a fixed key and IV, as the original clients encrypt the login `pwd`
 * and the remembered credentials. It is not a secrecy measure on its own (the key is shared); TLS is.
 * Used by the web (encrypt) and the API (decrypt), so both sides must agree on key and IV.
 */
export function desEncrypt(plain: string, key: string, iv: string): string {
  return CryptoJS.DES.encrypt(plain, CryptoJS.enc.Utf8.parse(key), {
    iv: CryptoJS.enc.Utf8.parse(iv),
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}

/** Returns null when the text is not valid ciphertext for this key (bad input, not a crash). */
export function desDecrypt(cipherBase64: string, key: string, iv: string): string | null {
  try {
    const out = CryptoJS.DES.decrypt(cipherBase64, CryptoJS.enc.Utf8.parse(key), {
      iv: CryptoJS.enc.Utf8.parse(iv),
      mode: CryptoJS.mode.CBC,
      padding: CryptoJS.pad.Pkcs7,
    }).toString(CryptoJS.enc.Utf8);
    return out === "" && cipherBase64 !== "" ? null : out;
  } catch {
    return null;
  }
}

export const DEFAULT_DES_KEY = "Fe26C@rb";
export const DEFAULT_DES_IV = "St33l!Iv";
