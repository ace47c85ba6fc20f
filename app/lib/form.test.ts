import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formFields, parseForm } from "./form";

const schema = z
  .object({
    name: z.string().trim().min(1, "Veuillez indiquer votre nom.").max(5, "Ce nom est trop long."),
    email: z.string().pipe(z.email("Adresse email invalide.")),
    password: z.string().min(8, "Le mot de passe doit contenir au moins 8 caractères."),
    passwordConfirm: z.string(),
  })
  .refine((values) => values.password === values.passwordConfirm, {
    message: "Les mots de passe ne correspondent pas.",
  });

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("parseForm", () => {
  it("hands back the schema's data when the form is valid", () => {
    const result = parseForm(
      schema,
      form({
        name: " Moana ",
        email: "moana@exemple.fr",
        password: "Perle-2026",
        passwordConfirm: "Perle-2026",
      }),
    );
    expect(result).toEqual({
      ok: true,
      data: {
        name: "Moana",
        email: "moana@exemple.fr",
        password: "Perle-2026",
        passwordConfirm: "Perle-2026",
      },
    });
  });

  it("gives the first French message of each field and echoes the values, passwords left out", () => {
    const result = parseForm(
      schema,
      form({ name: "", email: "pas-un-email", password: "court", passwordConfirm: "x" }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual({
      name: "Veuillez indiquer votre nom.",
      email: "Adresse email invalide.",
      password: "Le mot de passe doit contenir au moins 8 caractères.",
    });
    expect(result.firstError).toBe("Veuillez indiquer votre nom.");
    expect(result.values).toEqual({ name: "", email: "pas-un-email" });
  });

  it("reports a rule over several fields as the form's error", () => {
    const result = parseForm(schema, {
      name: "Moana",
      email: "moana@exemple.fr",
      password: "Perle-2026",
      passwordConfirm: "Perle-2027",
    });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {},
      formError: "Les mots de passe ne correspondent pas.",
      firstError: "Les mots de passe ne correspondent pas.",
    });
  });

  it("keeps only the first message of a field", () => {
    const result = parseForm(schema, {
      name: "Beaucoup trop long",
      email: "a@b.fr",
      password: "",
      passwordConfirm: "",
    });
    expect(result.ok ? null : result.fieldErrors.name).toBe("Ce nom est trop long.");
  });

  it("never echoes files nor huge values, and reads a URLSearchParams body", () => {
    const data = form({ name: "x".repeat(30_000) });
    data.append("avatar", new File(["png"], "a.png"));
    const result = parseForm(schema, data);
    expect(result.ok ? null : result.values).toEqual({ name: "x".repeat(20_000) });
    expect(formFields(new URLSearchParams("name=Moana&email=a%40b.fr"))).toEqual({
      name: "Moana",
      email: "a@b.fr",
    });
  });

  it("answers a non-object body with a French message, never a throw", () => {
    const result = parseForm(z.object({ name: z.string("Nom manquant.") }), {});
    expect(result.ok ? null : result.firstError).toBe("Nom manquant.");
  });
});
