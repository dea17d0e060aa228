import { startFakeWechat } from "./wechat.ts";

// The browser suite's WeChat (playwright.config.ts starts it beside the platform): WX_FAKE_PORT, WECHAT_APPID, WECHAT_SECRET.
const fake = await startFakeWechat({ appid: process.env.WECHAT_APPID!, secret: process.env.WECHAT_SECRET!, port: Number(process.env.WX_FAKE_PORT) });
console.log(`fake WeChat on ${fake.url}`);
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
