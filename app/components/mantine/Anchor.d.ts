export { Anchor } from "@mantine/core";
