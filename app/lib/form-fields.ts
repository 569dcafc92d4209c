/** The fields of a posted form as text. */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData().catch(() => new FormData());
  return Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}
