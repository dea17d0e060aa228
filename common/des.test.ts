import { describe, expect, it } from "vitest";
import { loadConfig } from "../api/config.ts";
import { DEFAULT_DES_IV, DEFAULT_DES_KEY, desDecrypt, desEncrypt } from "./des.ts";

describe("DES login encryption (web encrypts, API decrypts)", () => {
  it("is standard DES-CBC/PKCS7: matches `openssl enc -des-cbc` for the same key and IV", () => {
    // echo -n Ferrum2026 | openssl enc -des-cbc -K $(echo -n 'Fe26C@rb' | xxd -p) -iv $(echo -n 'St33l!Iv' | xxd -p) -provider legacy -provider default -base64
    expect(desEncrypt("Ferrum2026", DEFAULT_DES_KEY, DEFAULT_DES_IV)).toBe("TQygR+7ARKgQLjhIFpERFg==");
  });
  it("round-trips through the API's configured key and IV, Chinese and symbols included", () => {
    const api = loadConfig({} as NodeJS.ProcessEnv);
    for (const s of ["Ferrum2026", "密码Pa55word", "' or 1=1 --", "x".repeat(200)]) {
      expect(desDecrypt(desEncrypt(s, DEFAULT_DES_KEY, DEFAULT_DES_IV), api.DES_KEY, api.DES_IV)).toBe(s);
    }
  });
  it("answers null, not a crash, for text that is not ciphertext of this key", () => {
    expect(desDecrypt("not base64 at all", DEFAULT_DES_KEY, DEFAULT_DES_IV)).toBeNull();
    expect(desDecrypt(desEncrypt("secret", "otherkey", DEFAULT_DES_IV), DEFAULT_DES_KEY, DEFAULT_DES_IV)).not.toBe("secret");
  });
});
