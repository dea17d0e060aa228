export { Badge } from "../../../node_modules/@mantine/core/esm/components/Badge/Badge.mjs";
