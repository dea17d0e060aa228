/** What the data resources a SystemAdmin adds can be. */
export const DATA_RESOURCE_KINDS = ["database", "dataset", "literature", "software", "other"] as const;
export type DataResourceKind = (typeof DATA_RESOURCE_KINDS)[number];

/**
 * The external databases of the data-resource menu (spec section 2). `sso`: a partner that logs our users in
 * with a signed login string (MatdaoSSO/GetRequestMatdaoUrl), reached through /dataResource/open so the
 * string is made when the person clicks; every other entry is a plain link that carries nothing of ours.
 */
export const EXTERNAL_DATA_RESOURCES: ReadonlyArray<{ code: string; name: string; url: string; sso?: true }> = [
  { code: "Matdao_Steel", name: "Matdao钢铁材料数据库", url: "https://www.matdao.com/steel", sso: true },
  { code: "Matdao_Welding", name: "Matdao焊接材料数据库", url: "https://www.matdao.com/welding", sso: true },
  { code: "CNKI", name: "中国知网", url: "https://www.cnki.net/" },
  { code: "Data_zscj", name: "知识采集", url: "https://www.nstl.gov.cn/" },
  { code: "Data_MSCzhgk", name: "MSC材料数据综合管控", url: "https://hexagon.com/products/materialcenter" },
  { code: "Data_jsfz", name: "计算仿真数据", url: "https://next-gen.materialsproject.org/" },
  { code: "Data_wxcl", name: "文献材料数据", url: "https://www.wanfangdata.com.cn/" },
  { code: "Data_zsfwpt", name: "知识服务平台", url: "https://www.mgedata.cn/" },
];

/** Where an external entry's link goes: through our redirect for a single-sign-on partner, else straight there. */
export const externalHref = (e: { code: string; url: string; sso?: true }) => (e.sso ? `/dataResource/open?code=${encodeURIComponent(e.code)}` : e.url);

/** A resource a SystemAdmin added, as DataResource/GetResourceIndex and GetDataResource answer it. */
export interface AddedResource {
  Id: string;
  Name: string;
  Kind: DataResourceKind;
  Description: string;
  Url: string | null;
  /** Uploaded files, as the attachment lists take them. */
  Files: Array<{ path: string; name: string; size: number; type: string }>;
  Version: number;
  UpdatedAt: string;
}

/** DataResource/GetResourceIndex: what /dataResource/index shows as tiles. */
export interface ResourceIndex {
  Grades: { Grades: number; Standards: number; Sources: number };
  ThermoDatabases: number;
  Pseudopotentials: Array<{ File: string; Element: string }>;
  Potentials: Array<{ File: string; Style: string }>;
  Added: AddedResource[];
  External: Array<{ Code: string; Name: string; Url: string; Href: string; Sso: boolean }>;
}
