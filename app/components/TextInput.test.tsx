import {
  Checkbox as MantineCheckbox,
  Group as MantineGroup,
  Input as MantineInput,
  MantineProvider,
  PasswordInput as MantinePasswordInput,
  NativeSelect as MantineNativeSelect,
  Radio as MantineRadio,
  TextInput as MantineTextInput,
} from "@mantine/core";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Checkbox } from "./Checkbox.tsx";
import { NativeSelect } from "./NativeSelect.tsx";
import { PasswordInput } from "./PasswordInput.tsx";
import { FieldFrame } from "./RichTextField.tsx";
import { Radio } from "./Radio.tsx";
import { TextInput } from "./TextInput.tsx";

/**
 * The light fields render what Mantine's render (InputWrapper.tsx), for the props the pages pass: so Mantine's
 * stylesheet draws them the same and labels, descriptions and errors are announced the same. Generated ids differ
 * only in React's counter (their place in the tree), so ids are compared by where they point.
 */
const markup = (node: ReactNode) =>
  renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>)
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/mantine-R[0-9a-zA-Z]+/g, "ID");

const textCases: Array<Record<string, unknown>> = [
  { label: "名称", name: "name", defaultValue: "x", maxLength: 40 },
  { label: "Name", name: "n", error: "必填", required: true, description: "说明", w: 200 },
  { label: "L", name: "n", withAsterisk: true, error: true, "data-testid": "t", type: "number", className: "c", placeholder: "p" },
  { label: "L", name: "n", description: "d", style: { flex: 1 }, inputMode: "numeric", spellCheck: false, autoComplete: "off", autoCapitalize: "off" },
  { label: "Code", name: "code", withAsterisk: false, required: true, pattern: "[0-9]+", min: 1, max: 9, step: 1, autoFocus: true, id: "given" },
  { label: "Search", name: "q", value: "abc", readOnly: true, w: 130, error: "x" },
  { "aria-label": "Only aria", name: "z", type: "search" },
  { label: "Code", name: "code", withAsterisk: true, error: "wrong", rightSection: <button type="submit">Send</button>, rightSectionWidth: 124, rightSectionPointerEvents: "all" },
];

const selectCases: Array<Record<string, unknown>> = [
  { label: "状态", name: "s", defaultValue: "b" },
  { label: "S", name: "s", size: "xs", defaultValue: "b", required: true, error: "e", w: 130, className: "k", "data-testid": "x" },
  { "aria-label": "S", name: "s", description: "d", withAsterisk: true },
];

describe("TextInput", () => {
  for (const props of textCases) {
    it(`renders what Mantine's renders: ${Object.keys(props).join(", ")}`, () => {
      expect(markup(<TextInput {...props} onChange={props.value ? () => {} : undefined} />)).toBe(markup(<MantineTextInput {...props} onChange={props.value ? () => {} : undefined} />));
    });
  }
});

describe("NativeSelect", () => {
  for (const props of selectCases) {
    it(`renders what Mantine's renders: ${Object.keys(props).join(", ")}`, () => {
      const options = [
        <option key="a" value="a">
          A
        </option>,
        <option key="b" value="b">
          B
        </option>,
      ];
      expect(markup(<NativeSelect {...props}>{options}</NativeSelect>)).toBe(markup(<MantineNativeSelect {...props}>{options}</MantineNativeSelect>));
    });
  }
  it("renders its data as options, as Mantine does", () => {
    const data = ["a", { value: "b", label: "Bee" }, { value: "c", label: "Sea", disabled: true }];
    expect(markup(<NativeSelect label="D" name="d" data={data} defaultValue="b" />)).toBe(markup(<MantineNativeSelect label="D" name="d" data={data} defaultValue="b" />));
  });
});

describe("Checkbox and Radio", () => {
  const checkboxCases: Array<Record<string, unknown>> = [
    { name: "remember", value: "1", label: "记住", defaultChecked: true },
    { name: "x", value: "1", label: "X", size: "xs", description: "d" },
    { name: "Disabled", value: "true", label: "停用", description: "停用后不能登录" },
    { name: "r", value: "p", label: "Remove", size: "xs", checked: false, onChange: () => {} },
  ];
  for (const props of checkboxCases) {
    it(`Checkbox renders what Mantine's renders: ${Object.keys(props).join(", ")}`, () => {
      expect(markup(<Checkbox {...props} />)).toBe(markup(<MantineCheckbox {...props} />));
    });
  }
  it("Radio renders what Mantine's renders, alone and in a group", () => {
    expect(markup(<Radio name="mode" value="show" label="显示" defaultChecked />)).toBe(markup(<MantineRadio name="mode" value="show" label="显示" defaultChecked />));
    expect(markup(<Radio name="mode" value="sms" label="短信" />)).toBe(markup(<MantineRadio name="mode" value="sms" label="短信" />));
    const group = (R: typeof Radio | typeof MantineRadio, G: typeof MantineGroup, props: Record<string, unknown>) => (
      <R.Group name="BizType" label="类型" {...props}>
        <G>
          <R value="a" label="A" />
          <R value="b" label="B" />
        </G>
      </R.Group>
    );
    for (const props of [{ defaultValue: "b", error: "必选", withAsterisk: true }, { defaultValue: "a" }, { error: true }]) {
      expect(markup(group(Radio, MantineGroup, props))).toBe(markup(group(MantineRadio, MantineGroup, props)));
    }
  });
});

describe("FieldFrame (the rich-text field's wrapper)", () => {
  const cases: Array<{ label?: string; error?: string }> = [{ label: "内容" }, { label: "Content", error: "必填" }, {}];
  for (const p of cases) {
    it(`renders what Mantine's Input.Wrapper renders with a div label: ${Object.keys(p).join(", ") || "no props"}`, () => {
      expect(
        markup(
          <FieldFrame id="f1" {...p}>
            <i>x</i>
          </FieldFrame>,
        ),
      ).toBe(
        markup(
          <MantineInput.Wrapper {...p} id="f1" labelElement="div" labelProps={{ id: "f1-label" }}>
            <i>x</i>
          </MantineInput.Wrapper>,
        ),
      );
    });
  }
});

describe("PasswordInput", () => {
  const cases: Array<Record<string, unknown>> = [
    { name: "password", label: "密码", placeholder: "请输入密码", autoComplete: "current-password", withAsterisk: true, error: "必填" },
    { name: "newPassword", label: "New", description: "8+ characters", autoComplete: "new-password", withAsterisk: true },
    { name: "p", label: "P", description: "d", error: "e", required: true, defaultValue: "x", maxLength: 64 },
    { name: "p", "aria-label": "Only aria", error: true, className: "k", id: "given" },
  ];
  for (const props of cases) {
    it(`renders what Mantine's renders: ${Object.keys(props).join(", ")}`, () => {
      expect(markup(<PasswordInput {...props} />)).toBe(markup(<MantinePasswordInput {...props} />));
    });
  }
});
