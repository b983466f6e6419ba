import type { ChangeEvent } from 'react';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { money } from '@ginhawa/contract';
import { ApiError } from '../../lib/api-client';
import { useEntityForm } from './use-entity-form';

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  code: z.string().regex(/^\d+$/, 'Digits only.'),
});
const FIELDS = ['name', 'code'] as const;
type Values = { name: string; code: string };

const setup = (
  options: {
    initial?: Values;
    save?: (data: Values) => Promise<{ id: number }>;
    onSaved?: (saved: { id: number }) => void;
  } = {},
) => {
  const save = vi.fn(options.save ?? (() => Promise.resolve({ id: 7 })));
  const onSaved = vi.fn(options.onSaved ?? (() => undefined));
  const hook = renderHook(() =>
    useEntityForm({
      initialValues: () => options.initial ?? { name: ' Ana ', code: '12' },
      fields: FIELDS,
      parse: (values: Values) => schema.safeParse(values),
      save,
      onSaved,
    }),
  );
  return { ...hook, save, onSaved };
};

describe('useEntityForm', () => {
  it('starts from the initial values with no messages and not submitting', () => {
    const { result } = setup();
    expect(result.current.values).toEqual({ name: ' Ana ', code: '12' });
    expect(result.current.errors).toEqual({});
    expect(result.current.submitting).toBe(false);
  });

  it("client validation errors stop the save and go under their fields; changing a field clears its message and the form's", async () => {
    const { result, save, onSaved } = setup({ initial: { name: '', code: 'x' } });
    await act(() => result.current.submit());
    expect(save).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(result.current.submitting).toBe(false);
    expect(result.current.errors).toEqual({ name: 'Enter a name.', code: 'Digits only.' });

    act(() => result.current.set('name', 'Ana'));
    expect(result.current.values).toEqual({ name: 'Ana', code: 'x' });
    expect(result.current.errors.name).toBeUndefined();
    expect(result.current.errors.code).toBe('Digits only.');
    expect(result.current.errors.form).toBeUndefined();
  });

  it('shows the server field errors, leaves the rest on top, and lets the user try again', async () => {
    const { result, onSaved } = setup({
      save: () =>
        Promise.reject(
          new ApiError('Not saved.', { status: 400, errors: { code: ['Taken.'], other: ['Something else.'] } }),
        ),
    });
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({ code: 'Taken.', form: 'Something else.' });
    expect(result.current.submitting).toBe(false);
    expect(onSaved).not.toHaveBeenCalled();

    act(() => result.current.set('code', '13'));
    expect(result.current.errors.code).toBeUndefined();
    expect(result.current.errors.form).toBeUndefined();
  });

  it("shows the server's message on top when no field carries the reason", async () => {
    const { result } = setup({ save: () => Promise.reject(new ApiError('The server is down.', { status: 503 })) });
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({ form: 'The server is down.' });
    expect(result.current.submitting).toBe(false);
  });

  it('saves the parsed data (trimmed, not the raw values) and hands the result to onSaved', async () => {
    let resolve: (saved: { id: number }) => void = () => undefined;
    const { result, save, onSaved } = setup({ save: () => new Promise((r) => (resolve = r)) });
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.submit();
    });
    expect(result.current.submitting).toBe(true);
    expect(save).toHaveBeenCalledWith({ name: 'Ana', code: '12' });
    await act(async () => {
      resolve({ id: 7 });
      await done;
    });
    expect(onSaved).toHaveBeenCalledWith({ id: 7 });
    expect(result.current.errors).toEqual({});
  });

  it('a failure after the save (e.g. revalidating) is shown like a failed save', async () => {
    const { result } = setup({
      onSaved: () => {
        throw new ApiError('Could not reload.');
      },
    });
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({ form: 'Could not reload.' });
    expect(result.current.submitting).toBe(false);
  });

  it('clearError forgets one key and the form message', async () => {
    const { result } = setup({
      save: () => Promise.reject(new ApiError('No.', { errors: { name: ['Bad.'], code: ['Also bad.'] } })),
    });
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({ name: 'Bad.', code: 'Also bad.' });
    act(() => result.current.clearError('name'));
    expect(result.current.errors.name).toBeUndefined();
    expect(result.current.errors.code).toBe('Also bad.');
  });

  it('bind gives a text field its value, a change that clears its message, the message or the hint, and disabled while saving', async () => {
    let resolve: (saved: { id: number }) => void = () => undefined;
    const { result } = setup({ initial: { name: '', code: 'x' }, save: () => new Promise((r) => (resolve = r)) });
    expect(result.current.bind('code', 'Digits.')).toEqual({
      name: 'code',
      value: 'x',
      onChange: expect.any(Function),
      error: false,
      helperText: 'Digits.',
      disabled: false,
    });

    await act(() => result.current.submit());
    expect(result.current.bind('code', 'Digits.')).toMatchObject({ error: true, helperText: 'Digits only.' });
    expect(result.current.bind('name')).toMatchObject({ error: true, helperText: 'Enter a name.' });

    act(() => result.current.bind('code').onChange({ target: { value: '42' } } as ChangeEvent<HTMLInputElement>));
    expect(result.current.values.code).toBe('42');
    expect(result.current.bind('code', 'Digits.')).toMatchObject({ value: '42', error: false, helperText: 'Digits.' });
    expect(result.current.bind('name').error).toBe(true);

    act(() => result.current.bind('name').onChange({ target: { value: 'Ana' } } as ChangeEvent<HTMLInputElement>));
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.submit();
    });
    expect(result.current.bind('name').disabled).toBe(true);
    await act(async () => {
      resolve({ id: 7 });
      await done;
    });
  });
});

describe('useEntityForm money fields', () => {
  it('takes the peso sign and thousands separators off the listed fields before the strict schema checks them', async () => {
    const priceSchema = z.object({ price: money({ padded: true }), note: z.string() });
    const save = vi.fn((data: { price: string; note: string }) => Promise.resolve(data));
    const { result } = renderHook(() =>
      useEntityForm({
        initialValues: () => ({ price: '₱1,800.50', note: '1,800' }),
        fields: ['price', 'note'] as const,
        money: ['price'],
        parse: (values: { price: string; note: string }) => priceSchema.safeParse(values),
        save,
        onSaved: () => undefined,
      }),
    );
    await act(() => result.current.submit());
    // Only the listed field is read as money; what was typed stays on screen.
    expect(save).toHaveBeenCalledWith({ price: '1800.50', note: '1,800' });
    expect(result.current.values.price).toBe('₱1,800.50');
  });
});
