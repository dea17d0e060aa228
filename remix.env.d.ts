/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />
import "@remix-run/node";

// Single fetch is on (remix.config.js): type loader data accordingly (data(), no JSON serialisation types).
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
