import { sql } from 'drizzle-orm';
import type { CatalogueBatch } from '../../domain/exchange/catalogue-import';
import { genderOf, slug } from '../../domain/exchange/catalogue-mapping';
import { groupSkip, IMPORT_DEFAULTS, issue } from '../../domain/exchange/import-rules';
import type { ImportCounts, ImportIssue } from '../../domain/exchange/ports';
import { queryRows } from '../client';
import { addToMenu } from './exchange-import-menu';
import { intArray, nextIds, type Tx } from './exchange-import-sql';

interface SectionRow {
  id: number;
  url: string;
  depth: number;
  path: number[] | string;
  gender: string | null;
}

const pathOf = (p: number[] | string): number[] =>
  typeof p === 'string' ? p.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number) : p.map(Number);

/**
 * Groups → sections: a group seen before keeps the section it points at (the back office may re-point it); a new one
 * adopts the section of its name under its parent's, or gets a new one. What is skipped is `groupSkip`'s.
 */
export async function writeGroups(
  tx: Tx,
  groups: CatalogueBatch['groups'],
  counts: ImportCounts,
  errors: ImportIssue[],
) {
  for (const group of groups) {
    const [parent = null] = group.parentId
      ? await queryRows<SectionRow>(
          tx,
          sql`select s.id, s.url, s.depth, s.path, s.gender from exchange_sections x join sections s on s.id = x.section_id
            where x.onec_id = ${group.parentId}`,
        )
      : [];
    const skip = groupSkip(group, parent !== null);
    if (skip) {
      if (skip.message) errors.push(issue(group.id, skip.message));
      continue;
    }
    const [mapped] = await queryRows<{ section_id: number }>(
      tx,
      sql`update exchange_sections set name = ${group.name} where onec_id = ${group.id} returning section_id`,
    );
    if (mapped) continue;
    const [same] = await queryRows<{ id: number }>(
      tx,
      sql`select id from sections where coalesce(parent_id, 0) = ${parent?.id ?? 0}
        and lower(name) = lower(${group.name}) order by id limit 1`,
    );
    let sectionId = same ? Number(same.id) : 0;
    if (!same) {
      const code = slug(group.name, 'razdel');
      const base = parent?.url ?? IMPORT_DEFAULTS.sectionRoot;
      const taken = new Set(
        (await queryRows<{ url: string }>(tx, sql`select url from sections where url like ${`${base}${code}%`}`)).map(
          (r) => r.url,
        ),
      );
      let url = `${base}${code}/`;
      for (let n = 2; taken.has(url); n++) url = `${base}${code}-${n}/`;
      [sectionId = 0] = await nextIds(tx, 'sections', 1);
      const path = [...(parent ? pathOf(parent.path) : []), sectionId];
      await tx.execute(sql`insert into sections (id, parent_id, code, name, url, sort, depth, path, gender)
        values (${sectionId}, ${parent?.id ?? null}, ${url.slice(base.length, -1)}, ${group.name}, ${url},
          ${IMPORT_DEFAULTS.sort}, ${(parent?.depth ?? 0) + 1}, ${intArray(path)},
          ${parent ? parent.gender : genderOf(group.name)})`);
      counts.sections.created++;
      await addToMenu(tx, {
        id: sectionId,
        parentId: parent ? Number(parent.id) : null,
        depth: (parent?.depth ?? 0) + 1,
      });
    }
    await tx.execute(sql`insert into exchange_sections (onec_id, name, section_id)
      values (${group.id}, ${group.name}, ${sectionId})`);
  }
}
