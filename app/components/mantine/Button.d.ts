export { Button } from "@mantine/core";
