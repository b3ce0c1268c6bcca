import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { CourseCategory } from './course-category.entity';
import { slugify } from './course-text';
import * as v from './course-validation';
import { DanceStyle } from './dance-style.entity';

/** Course categories and the dance style list (staff maintain both; everyone reads them). */
export class CourseTaxonomyService {
  constructor(private readonly em: EntityManager) {}

  categories(): Promise<CourseCategory[]> {
    return this.em.find(CourseCategory, {}, { orderBy: { name: 'asc' } });
  }

  danceStyles(): Promise<DanceStyle[]> {
    return this.em.find(DanceStyle, {}, { orderBy: { position: 'asc', name: 'asc' } });
  }

  async createCategory(input: { name: string; description?: string | null }): Promise<CourseCategory> {
    const name = v.requiredText(input.name, 'name', 'Name', 80);
    const slug = await this.freeCategorySlug(name);
    const category = this.em.create(CourseCategory, {
      name,
      slug,
      description: v.optionalText(input.description, 'description', 'Description', 1000) || null,
    });
    await this.flush('A category with this name already exists');
    return category;
  }

  async updateCategory(input: {
    categoryId: string;
    name?: string | null;
    description?: string | null;
  }): Promise<CourseCategory> {
    const category = await this.category(input.categoryId);
    if (input.name !== undefined) {
      const name = v.requiredText(input.name, 'name', 'Name', 80);
      if (name !== category.name) {
        category.slug = await this.freeCategorySlug(name, category.id);
        category.name = name;
      }
    }
    if (input.description !== undefined) {
      category.description = v.optionalText(input.description, 'description', 'Description', 1000) || null;
    }
    await this.flush('A category with this name already exists');
    return category;
  }

  /** Deletes a category; its courses keep existing without a category. */
  async deleteCategory(categoryId: string): Promise<string> {
    const category = await this.category(categoryId);
    await this.em.nativeDelete(CourseCategory, { id: category.id });
    return category.id;
  }

  async createDanceStyle(input: { name: string }): Promise<DanceStyle> {
    const name = v.requiredText(input.name, 'name', 'Name', 60);
    await this.assertStyleNameFree(name);
    const [row] = await this.em
      .getConnection()
      .execute<{ next: number }[]>(`select coalesce(max(position) + 1, 0)::int as next from dance_styles`);
    const style = this.em.create(DanceStyle, { name, position: row.next });
    await this.flush('A dance style with this name already exists');
    return style;
  }

  async updateDanceStyle(input: {
    danceStyleId: string;
    name?: string | null;
    position?: number | null;
  }): Promise<DanceStyle> {
    const style = await this.danceStyle(input.danceStyleId);
    if (input.name !== undefined) {
      const name = v.requiredText(input.name, 'name', 'Name', 60);
      if (name !== style.name) {
        await this.assertStyleNameFree(name, style.id);
        style.name = name;
      }
    }
    if (input.position !== undefined && input.position !== null) {
      if (!Number.isInteger(input.position) || input.position < 0 || input.position > 10_000) {
        throw new DomainError('INVALID_INPUT', 'Position must be a whole number from 0 to 10000', 'position');
      }
      style.position = input.position;
    }
    await this.flush('A dance style with this name already exists');
    return style;
  }

  /** Deletes a dance style; courses of that style keep existing without one (on delete set null). */
  async deleteDanceStyle(danceStyleId: string): Promise<string> {
    const style = await this.danceStyle(danceStyleId);
    await this.em.nativeDelete(DanceStyle, { id: style.id });
    return style.id;
  }

  /** Flushes; a name taken by a concurrent save is reported as a user error. */
  private async flush(takenMessage: string): Promise<void> {
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        this.em.clear();
        throw new DomainError('INVALID_INPUT', takenMessage, 'name');
      }
      throw error;
    }
  }

  private async category(id: string): Promise<CourseCategory> {
    const category = isUuid(id) ? await this.em.findOne(CourseCategory, { id }) : null;
    if (!category) throw new DomainError('NOT_FOUND', 'Category not found', 'categoryId');
    return category;
  }

  private async danceStyle(id: string): Promise<DanceStyle> {
    const style = isUuid(id) ? await this.em.findOne(DanceStyle, { id }) : null;
    if (!style) throw new DomainError('NOT_FOUND', 'Dance style not found', 'danceStyleId');
    return style;
  }

  /** The name's slug, refused when another category has that name or slug (case-insensitively). */
  private async freeCategorySlug(name: string, exceptId?: string): Promise<string> {
    const slug = slugify(name);
    const rows = await this.em
      .getConnection()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from course_categories where (lower(name) = lower(?) or slug = ?) and id <> ?`,
        [name, slug, exceptId ?? '00000000-0000-0000-0000-000000000000'],
      );
    if (rows[0].n > 0)
      throw new DomainError('INVALID_INPUT', 'A category with this name already exists', 'name');
    return slug;
  }

  private async assertStyleNameFree(name: string, exceptId?: string): Promise<void> {
    const rows = await this.em
      .getConnection()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from dance_styles where lower(name) = lower(?) and id <> ?`,
        [name, exceptId ?? '00000000-0000-0000-0000-000000000000'],
      );
    if (rows[0].n > 0)
      throw new DomainError('INVALID_INPUT', 'A dance style with this name already exists', 'name');
  }
}
