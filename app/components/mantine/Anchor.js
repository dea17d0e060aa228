export { Anchor } from "../../../node_modules/@mantine/core/esm/components/Anchor/Anchor.mjs";
