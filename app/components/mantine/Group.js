export { Group } from "../../../node_modules/@mantine/core/esm/components/Group/Group.mjs";
