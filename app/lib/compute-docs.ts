/** Links between the software catalogue, an app's documentation and its submit forms (server and browser). */

export const CATALOGUE = "/steelResearchCompute/oiIndex";
export const docUrl = (appId: string) => `/steelResearchCompute/oiDetail?app=${encodeURIComponent(appId)}`;
export const graphicalUrl = (appId: string) => `/steelResearchCompute/cloudCompute?app=${encodeURIComponent(appId)}`;
export const instructionUrl = (appId: string) => `/steelResearchCompute/instructionModeCompute?app=${encodeURIComponent(appId)}`;
export const categoryUrl = (category: string) => `/steelResearchCompute/${encodeURIComponent(category)}`;
