export { Radio } from "@mantine/core";
