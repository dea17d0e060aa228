/** The answer of System/GetDataStatistics (/systemManage/dataStatistics), for the API and the page alike. */

export interface Usage {
  Key: string;
  Label: string;
  Tasks: number;
  CoreHours: number;
}

export interface DataStatistics {
  From: string;
  To: string;
  /** "all", or the department (and its sub-departments) an InsideAdmin sees. */
  Scope: { Kind: "all" | "department"; Name: string | null };
  People: { Total: number; Enabled: number; Active7: number; Active30: number; NewInRange: number; NewPerMonth: Array<{ Month: string; Count: number }> };
  Logins: { Successes: number; Failures: number; PerDay: Array<{ Day: string; Successes: number; Failures: number }> };
  Tasks: { Tasks: number; CoreHours: number; ByCategory: Usage[]; ByApp: Usage[]; ByDepartment: Usage[] };
  Storage: { Attachments: number; AttachmentBytes: number; TaskDirectories: number; TaskFileBytes: number };
  Feedback: { Total: number; Replied: number; ByType: Array<{ Type: number; Count: number }> };
  Notices: { Published: number; Reads: number; Readers: number; People: number; Recent: Array<{ Id: string; Title: string; PublishedAt: string; Reads: number }> };
}
