import { Parser } from "htmlparser2";

// The forms a page renders, read from its HTML the way a browser without JavaScript submits them.

export type FormField = {
  tag: "input" | "textarea" | "select";
  name: string;
  type: string;
  value: string;
  maxLength?: number;
  max?: string;
  checked: boolean;
  options: string[];
};

export type HtmlForm = {
  action: string;
  method: string;
  multipart: boolean;
  fields: FormField[];
  /** Each submit button: the name and value it adds to the form (none when it has no name). */
  submitters: { name?: string; value: string }[];
};

export function formsIn(html: string, pageUrl: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  let form: HtmlForm | null = null;
  let select: FormField | null = null;
  let textarea: FormField | null = null;
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (tag === "form") {
          form = {
            action:
              new URL(attributes.action ?? pageUrl, pageUrl).pathname +
              new URL(attributes.action ?? pageUrl, pageUrl).search,
            method: (attributes.method ?? "get").toLowerCase(),
            multipart: attributes.enctype === "multipart/form-data",
            fields: [],
            submitters: [],
          };
          forms.push(form);
          return;
        }
        if (!form) return;
        const current: HtmlForm = form;
        const type = (attributes.type ?? (tag === "button" ? "submit" : "text")).toLowerCase();
        if ((tag === "button" || tag === "input") && type === "submit") {
          current.submitters.push({ name: attributes.name, value: attributes.value ?? "" });
          return;
        }
        if (!attributes.name || attributes.disabled !== undefined) return;
        if (tag === "input" || tag === "textarea" || tag === "select") {
          const field: FormField = {
            tag,
            name: attributes.name,
            type: tag === "input" ? type : tag,
            value: attributes.value ?? "",
            maxLength: attributes.maxlength ? Number(attributes.maxlength) : undefined,
            max: attributes.max,
            checked: attributes.checked !== undefined,
            options: [],
          };
          current.fields.push(field);
          if (tag === "select") select = field;
          if (tag === "textarea") textarea = field;
        }
        if (tag === "option" && select) select.options.push(attributes.value ?? "");
      },
      ontext(text) {
        if (textarea) textarea.value += text;
      },
      onclosetag(tag) {
        if (tag === "form") form = null;
        if (tag === "select") select = null;
        if (tag === "textarea") textarea = null;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return forms;
}
