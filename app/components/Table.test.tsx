import { MantineProvider, Table as MantineTable } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Table } from "./Table.tsx";

const markup = (node: ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>).replace(/<style[\s\S]*?<\/style>/g, "");

function sample(T: typeof Table, props: { striped?: boolean; withTableBorder?: boolean }) {
  return (
    <T {...props} data-testid="t" className="extra">
      <T.Thead>
        <T.Tr>
          <T.Th>Quantity</T.Th>
          <T.Th key="k">Value</T.Th>
        </T.Tr>
      </T.Thead>
      <T.Tbody>
        <T.Tr data-key="a">
          <T.Td className="ct-num" data-label="Value">1.5</T.Td>
          <T.Td>m</T.Td>
        </T.Tr>
      </T.Tbody>
    </T>
  );
}

describe("Table", () => {
  for (const props of [{}, { striped: true }, { withTableBorder: true }, { striped: true, withTableBorder: true }]) {
    it(`renders what Mantine's Table renders (${JSON.stringify(props)}), so Mantine's styles apply unchanged`, () => {
      expect(markup(sample(Table, props))).toBe(markup(sample(MantineTable as unknown as typeof Table, props)));
    });
  }
});
