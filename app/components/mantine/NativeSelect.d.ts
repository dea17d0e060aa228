export { NativeSelect } from "@mantine/core";
