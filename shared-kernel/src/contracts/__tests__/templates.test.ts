import { placeholdersIn, templateFormSchema, templatePreviewSchema, templateSelectSchema } from '../templates.js';

describe('template contracts', () => {
  it('finds placeholders in order of first use', () => {
    expect(placeholdersIn('##a## x ##b_2## ##a## ##Bad## ##')).toEqual(['a', 'b_2']);
  });

  it('requires name, schools, type, subject and content', async () => {
    await expect(templateFormSchema.validate({ name: 'x', schools: [], type: 2, subject: 's', content: 'c' })).rejects.toThrow('form.one_school');
    await expect(templateFormSchema.validate({ name: 'x', schools: [1], type: 4, subject: 's', content: 'c' })).rejects.toThrow('form.invalid');
    await expect(templateFormSchema.validate({ name: 'x', schools: [1], type: 2, subject: 's', content: 'c' })).resolves.toBeTruthy();
  });

  it('select takes a custom id or a system key; preview values are named texts', async () => {
    await expect(templateSelectSchema.validate({ base: 3, id: 1, type: 2 })).resolves.toBeTruthy();
    await expect(templateSelectSchema.validate({ base: 'dunning_1', id: 1, type: 2 })).resolves.toBeTruthy();
    await expect(templateSelectSchema.validate({ base: 'nope', id: 1, type: 2 })).rejects.toThrow('form.invalid');
    await expect(templatePreviewSchema.validate({ placeholders: { contact: 'A' } })).resolves.toBeTruthy();
    await expect(templatePreviewSchema.validate({ placeholders: { 'Bad Name': 'A' } })).rejects.toThrow('form.invalid');
  });
});
