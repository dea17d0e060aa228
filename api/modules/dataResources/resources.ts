import fs from "node:fs";
import { EXTERNAL_DATA_RESOURCES, externalHref, type AddedResource, type ResourceIndex } from "../../../common/data-resources.ts";
import { dataResourceSchema } from "../../../common/forms/data-resource.ts";
import type { App } from "../../app.ts";
import type { Db } from "../../db/index.ts";
import { INSTALLED_PSEUDOS } from "../../compute/apps/qe-pw/pseudos.ts";
import { POTENTIALS_DIR } from "../../compute/apps/lammps/potentials.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { checkBody, isUniqueViolation, iso, keyedFieldError, requireId } from "../../http/fields.ts";
import type { AuthUser } from "../../http/router.ts";
import { attachmentPaths, loadAttachments, resolveAttachments, setAttachments } from "../notices/attachment-refs.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { shippedList } from "../tdb/shipped.ts";
import { dataResourceTexts } from "./texts.ts";

interface Row {
  id: string;
  name: string;
  kind: AddedResource["Kind"];
  description: string;
  url: string | null;
  version: number;
  updated_at: Date;
}
const COLUMNS = "r.id, r.name, r.kind, r.description, r.url, r.version, r.updated_at";

const refused = (field: string, key: keyof typeof dataResourceTexts, status: number = Status.badRequest) => keyedFieldError(field, key, dataResourceTexts, status);

async function viewOf(db: Db, r: Row): Promise<AddedResource> {
  return {
    Id: r.id,
    Name: r.name,
    Kind: r.kind,
    Description: r.description,
    Url: r.url,
    Files: await loadAttachments(db, "dataResource", r.id),
    Version: r.version,
    UpdatedAt: iso(r.updated_at)!,
  };
}

/**
 * The interatomic potential files Debian's lammps-data installs, with the pair style their name says
 * (read once: the package does not change under a running API).
 */
let potentials: ResourceIndex["Potentials"] | null = null;
function installedPotentials(): ResourceIndex["Potentials"] {
  if (potentials) return potentials;
  let names: string[] = [];
  try {
    names = fs.readdirSync(POTENTIALS_DIR).filter((n) => !n.startsWith(".") && !/readme/i.test(n)).sort();
  } catch {
    names = [];
  }
  const style = (n: string) => {
    const m = /\.(eam\.fs|eam\.alloy|eam\.cd|cdeam|eam|meam\.spline|meam|tersoff|sw|adp|bop|comb3?|snap|snapcoeff|snapparam|rebo|airebo|lcbop|edip|extep|gw|nb3b|polymorphic|poly|smtbq|streitz|table|vashishta|mgpt|kim|reax|reaxff|ffield|lj|txt)(\..*)?$/i.exec(n);
    return m ? m[1].toLowerCase() : "";
  };
  potentials = names.map((n) => ({ File: n, Style: style(n) }));
  return potentials;
}

/**
 * DataResource/GetResourceIndex (everyone but OutsideUser): what /dataResource/index shows: the grade
 * database's size, the thermodynamic databases the CALPHAD apps ship and those published, the
 * pseudopotentials and interatomic potentials the installed codes can use, the resources SystemAdmins added,
 * and the external databases.
 */
export async function resourceIndex(db: Db): Promise<ResourceIndex> {
  const [[grades], [published], added] = await Promise.all([
    db.query<{ grades: number; standards: number; sources: number }>(
      `select (select count(*) from steel_grades)::int as grades, (select count(distinct standard) from steel_grades)::int as standards,
              (select count(*) from steel_sources)::int as sources`,
    ),
    db.query<{ n: number }>(`select count(*)::int as n from tdb_databases where published`),
    db.query<Row>(`select ${COLUMNS} from data_resources r order by lower(r.name) collate "C", r.id`),
  ]);
  return {
    Grades: { Grades: Number(grades.grades), Standards: Number(grades.standards), Sources: Number(grades.sources) },
    ThermoDatabases: shippedList().length + Number(published.n),
    Pseudopotentials: INSTALLED_PSEUDOS.map((p) => ({ File: p.file, Element: p.element })),
    Potentials: installedPotentials(),
    Added: await Promise.all(added.map((r) => viewOf(db, r))),
    External: EXTERNAL_DATA_RESOURCES.map((e) => ({ Code: e.code, Name: e.name, Url: e.url, Href: externalHref(e), Sso: !!e.sso })),
  };
}

/** DataResource/GetDataResource (`id`; SystemAdmin, for the edit page). */
export async function dataResource(db: Db, id: string): Promise<AddedResource> {
  const [r] = await db.query<Row>(`select ${COLUMNS} from data_resources r where r.id = $1`, [id]);
  if (!r) throw new ApiError(Status.notFound, dataResourceTexts.resourceNotFound);
  return viewOf(db, r);
}

const logged = (v: AddedResource) => ({ ...v, Files: v.Files.map((f) => f.name) });

/**
 * DataResource/SaveDataResource (SystemAdmin): adds or updates a resource (`Id`, `Version` to update) with
 * its `Attachments` (uploaded files' paths); a link, a file or both. Logged with what changed.
 */
export async function saveDataResource(app: App, user: AuthUser, actor: Actor, body: unknown): Promise<{ Id: string; Version: number }> {
  const input = checkBody(dataResourceSchema, body, dataResourceTexts);
  const paths = attachmentPaths((body as Record<string, unknown> | null)?.Attachments);
  if (paths === "bad") throw refused("Attachments", "fileInvalid");
  if (!input.Url && !paths.length) throw refused("Url", "linkOrFile");
  let fileIds: string[];
  try {
    fileIds = await resolveAttachments(app.db, paths, user);
  } catch {
    throw refused("Attachments", "fileInvalid");
  }
  const values = [input.Name, input.Kind, input.Description, input.Url || null];
  try {
    return await app.db.transaction(async (tx) => {
      let before: AddedResource | null = null;
      let id: string;
      if (input.Id) {
        const [row] = await tx.query<Row>(`select ${COLUMNS} from data_resources r where r.id = $1 for update`, [input.Id]);
        if (!row) throw new ApiError(Status.notFound, dataResourceTexts.resourceNotFound);
        // An update names the version it edited (as every editable table's does); none counts as stale.
        if (input.Version !== row.version) throw refused("Version", "stale", Status.conflict);
        before = await viewOf(tx, row);
        await tx.query(
          `update data_resources set name = $2, kind = $3, description = $4, url = $5, version = version + 1, updated_at = now() where id = $1`,
          [row.id, ...values],
        );
        id = row.id;
      } else {
        [{ id }] = await tx.query<{ id: string }>(
          `insert into data_resources(name, kind, description, url, created_by) values ($1, $2, $3, $4, $5) returning id`,
          [...values, user.id],
        );
      }
      await setAttachments(tx, "dataResource", id, fileIds);
      const after = await dataResource(tx, id);
      await logOperation(tx, actor, {
        action: before ? "dataResource.update" : "dataResource.create",
        targetType: "dataResource",
        targetId: id,
        targetName: after.Name,
        before: before && logged(before),
        after: logged(after),
      });
      return { Id: id, Version: after.Version };
    });
  } catch (e) {
    if (isUniqueViolation(e, "data_resources_name")) throw refused("Name", "nameTaken", Status.conflict);
    throw e;
  }
}

/** DataResource/DeleteDataResource (SystemAdmin; `Id`): its files go with the next sweep, as no record uses them then. */
export async function deleteDataResource(app: App, actor: Actor, body: unknown): Promise<boolean> {
  const id = requireId((body as Record<string, unknown> | null)?.Id, "Id");
  return app.db.transaction(async (tx) => {
    const [row] = await tx.query<Row>(`select ${COLUMNS} from data_resources r where r.id = $1 for update`, [id]);
    if (!row) throw new ApiError(Status.notFound, dataResourceTexts.resourceNotFound);
    const before = await viewOf(tx, row);
    await tx.query(`delete from data_resources where id = $1`, [id]);
    await logOperation(tx, actor, { action: "dataResource.delete", targetType: "dataResource", targetId: id, targetName: row.name, before: logged(before), after: null });
    return true;
  });
}
