import { createContext, useContext, type ComponentPropsWithoutRef } from "react";

/**
 * Mantine's Table markup (its classes and data attributes, so Mantine's stylesheet draws it exactly as before)
 * without Mantine's Table module: that one also brings Table.ScrollContainer, whose ScrollArea imports
 * floating-ui's index, and put about 15 KiB gzip into the first load of every page with a table. We scroll wide
 * tables with our own CSS wrappers. Table.test.tsx renders both and holds them equal for the props we use.
 */
interface TableProps extends ComponentPropsWithoutRef<"table"> {
  striped?: boolean;
  withTableBorder?: boolean;
}

const Striped = createContext(false);
const join = (...cls: (string | undefined)[]) => cls.filter(Boolean).join(" ");

function TableRoot({ striped = false, withTableBorder = false, className, children, ...rest }: TableProps) {
  return (
    <table
      style={{ ["--table-vertical-spacing" as string]: "calc(0.4375rem * var(--mantine-scale))" }}
      className={join(className, "m_b23fa0ef mantine-Table-table")}
      data-with-table-border={withTableBorder || undefined}
      {...rest}
    >
      <Striped.Provider value={striped}>{children}</Striped.Provider>
    </table>
  );
}

const Thead = ({ className, ...rest }: ComponentPropsWithoutRef<"thead">) => <thead className={join("m_b242d975 mantine-Table-thead", className)} {...rest} />;
const Tbody = ({ className, ...rest }: ComponentPropsWithoutRef<"tbody">) => <tbody className={join("m_b2404537 mantine-Table-tbody", className)} {...rest} />;
function Tr({ className, ...rest }: ComponentPropsWithoutRef<"tr">) {
  const striped = useContext(Striped);
  return <tr className={join("m_4e7aa4fd mantine-Table-tr", className)} data-with-row-border="true" data-striped={striped ? "odd" : undefined} {...rest} />;
}
const Th = ({ className, ...rest }: ComponentPropsWithoutRef<"th">) => <th className={join("m_4e7aa4f3 mantine-Table-th", className)} {...rest} />;
const Td = ({ className, ...rest }: ComponentPropsWithoutRef<"td">) => <td className={join("m_4e7aa4ef mantine-Table-td", className)} {...rest} />;

export const Table = Object.assign(TableRoot, { Thead, Tbody, Tr, Th, Td });
