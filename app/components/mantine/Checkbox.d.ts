export { Checkbox } from "@mantine/core";
