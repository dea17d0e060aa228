import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Stack } from "~/components/mantine/Stack";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import styles from "~/components/computeDocs/computeDocs.css";
import { requireAccess } from "~/lib/auth.server";
import { rangeText, type FormField } from "~/lib/compute-form";
import { CATALOGUE, categoryUrl, graphicalUrl, instructionUrl } from "~/lib/compute-docs";
import { loadAppDoc } from "~/lib/compute-docs.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";

/**
 * /steelResearchCompute/oiDetail?app=<appId>: one app's documentation (CalculateTask/GetAppDoc): what it
 * computes, the model, its assumptions and validity, outputs, references, the inputs with units and ranges
 * (the graphical form's own description), the example input deck and the version. All server-rendered.
 */
export const handle = { i18n: ["compute", "computeDocs"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "computeDocs");
  const doc = await loadAppDoc(args, token, new URL(args.request.url).searchParams.get("app") ?? "");
  if (!doc) return data({ title: t("unknownApp"), doc: null }, { status: 404 });
  return data({ title: `${doc.name} · ${t("docs")}`, doc });
}

const value = (v: number | string | null) => (v === null || v === "" ? null : String(v));

function Paragraphs({ id, title, items, list }: { id: string; title: string; items: string[]; list?: "ul" | "ol" }) {
  if (items.length === 0) return null;
  const List = list ?? null;
  return (
    <section aria-labelledby={`cd-${id}`} data-testid={`doc-${id}`}>
      <h2 id={`cd-${id}`}>{title}</h2>
      {List ? (
        <List>
          {items.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </List>
      ) : (
        items.map((p, i) => <p key={i}>{p}</p>)
      )}
    </section>
  );
}

function InputCard({ f }: { f: FormField }) {
  const { t } = useTranslation("computeDocs");
  const range = f.options ? f.options.join(" / ") : rangeText(f);
  const def = value(f.default);
  const example = value(f.example);
  return (
    <div className="cd-input" data-testid={`input-${f.name}`}>
      <h3>
        {f.label}
        <code>{f.name}</code>
      </h3>
      <dl>
        <dt>{t("unit")}</dt>
        <dd data-testid={`unit-${f.name}`}>{f.unit || t("noUnit")}</dd>
        {range ? (
          <>
            <dt>{f.options ? t("options") : t("range")}</dt>
            <dd>{range}</dd>
          </>
        ) : null}
        <dt>{t("default")}</dt>
        <dd>{def ?? (f.required ? t("required") : t("auto"))}</dd>
        {example !== null ? (
          <>
            <dt>{t("example")}</dt>
            <dd>{example}</dd>
          </>
        ) : null}
      </dl>
      {f.help ? <p className="cd-help">{f.help}</p> : null}
    </div>
  );
}

export default function AppDocumentation() {
  const { title, doc } = useLoaderData<typeof loader>();
  const { t } = useTranslation("computeDocs");
  const { t: tc } = useTranslation("compute");
  if (!doc) {
    return (
      <Stack gap="lg" p={{ base: "sm", sm: "lg" }}>
        <PageHeader title={title} />
        <Alert color="yellow" variant="light" data-testid="unknown-app">
          {t("unknownAppHint")}
        </Alert>
        <div>
          <Button component={Link} to={CATALOGUE} variant="default">
            {t("back")}
          </Button>
        </div>
      </Stack>
    );
  }
  const d = doc.description;
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} className="cd-doc" data-testid="app-doc" data-app={doc.appId}>
      <PageHeader title={doc.name} intro={d?.summary} />
      <div className="cd-meta" data-testid="doc-meta">
        <span>
          {t("category")}: <Link to={categoryUrl(doc.category)}>{tc(`categories.${doc.category}.name`, { defaultValue: doc.category })}</Link>
        </span>
        <span data-testid="doc-version">{t("version", { v: doc.version })}</span>
        <span>
          {t("modes")}: {doc.modes.map((m) => t(`mode.${m}`, { defaultValue: m })).join(" · ")}
        </span>
        {doc.defaultResources ? <span>{t("resources", { cores: doc.defaultResources.cores, min: doc.defaultResources.walltimeMin })}</span> : null}
      </div>
      <Group gap="sm">
        {doc.modes.includes("graphical") ? (
          <Button component={Link} to={graphicalUrl(doc.appId)} data-testid="open-graphical">
            {t("mode.graphical")}
          </Button>
        ) : null}
        {doc.modes.includes("instruction") ? (
          <Button component={Link} to={instructionUrl(doc.appId)} variant="light" data-testid="open-instruction">
            {t("mode.instruction")}
          </Button>
        ) : null}
        <Button component={Link} to={CATALOGUE} variant="default">
          {t("back")}
        </Button>
      </Group>
      {d ? (
        <>
          <Paragraphs id="model" title={t("model")} items={d.model} />
          <Paragraphs id="assumptions" title={t("assumptions")} items={d.assumptions} list="ul" />
          <Paragraphs id="validity" title={t("validity")} items={d.validity} list="ul" />
          <Paragraphs id="outputs" title={t("outputs")} items={d.outputs} list="ul" />
        </>
      ) : (
        <Alert color="gray" variant="light" data-testid="no-doc">
          {t("noDoc")}
        </Alert>
      )}
      <section aria-labelledby="cd-inputs" data-testid="doc-inputs">
        <h2 id="cd-inputs">{t("inputs")}</h2>
        <div className="cd-inputs">
          {doc.inputs.map((f) => (
            <InputCard key={f.name} f={f} />
          ))}
        </div>
      </section>
      {doc.exampleDeck ? (
        <section aria-labelledby="cd-example" data-testid="doc-example">
          <h2 id="cd-example">{t("exampleDeck", { file: doc.mainInput })}</h2>
          <p>{t("exampleIntro")}</p>
          <pre className="cd-deck" data-testid="example-deck">
            {doc.exampleDeck}
          </pre>
        </section>
      ) : null}
      {d ? <Paragraphs id="references" title={t("references")} items={d.references} list="ol" /> : null}
    </Stack>
  );
}
