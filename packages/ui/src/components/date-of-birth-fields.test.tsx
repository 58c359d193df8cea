import { createRef, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import {
  DateOfBirthFields,
  type DateOfBirthFieldsHandle,
  type DateOfBirthPart,
  type DateOfBirthValue,
} from './date-of-birth-fields';

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

function Harness({
  error,
  invalidParts,
  onChange,
  handle,
}: {
  error?: string;
  invalidParts?: DateOfBirthPart[];
  onChange?: (value: DateOfBirthValue) => void;
  handle?: React.Ref<DateOfBirthFieldsHandle>;
}) {
  const [value, setValue] = useState<DateOfBirthValue>({ month: '', day: '', year: '' });
  return (
    <DateOfBirthFields
      ref={handle}
      legend="Fecha de nacimiento"
      hint="Por ejemplo, 7 de marzo de 1951"
      monthLabel="Mes"
      dayLabel="Día"
      yearLabel="Año"
      monthPlaceholder="Elija el mes"
      monthNames={MONTHS}
      error={error}
      invalidParts={invalidParts}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('DateOfBirthFields', () => {
  it('is one named group with three labelled controls, filled in order with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Fecha de nacimiento' });
    expect(group).toHaveAccessibleDescription('Por ejemplo, 7 de marzo de 1951');

    await user.tab();
    const month = screen.getByRole('combobox', { name: 'Mes' });
    expect(month).toHaveFocus();
    await user.selectOptions(month, 'marzo');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Día' })).toHaveFocus();
    await user.keyboard('7');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Año' })).toHaveFocus();
    await user.keyboard('1951');
    expect(onChange).toHaveBeenLastCalledWith({ month: '3', day: '7', year: '1951' });
  });

  it('keeps digits only in day and year', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('textbox', { name: 'Día' }), 'x1o');
    expect(screen.getByRole('textbox', { name: 'Día' })).toHaveValue('1');
    await user.type(screen.getByRole('textbox', { name: 'Año' }), '19-51');
    expect(screen.getByRole('textbox', { name: 'Año' })).toHaveValue('1951');
  });

  it('shows the error under the group, ties it to the group and marks the parts it names', () => {
    render(<Harness error="Este campo tiene un formato incorrecto" invalidParts={['day']} />);
    const group = screen.getByRole('group', { name: 'Fecha de nacimiento' });
    expect(group).toHaveAccessibleDescription(
      'Por ejemplo, 7 de marzo de 1951 Este campo tiene un formato incorrecto',
    );
    const day = screen.getByRole('textbox', { name: 'Día' });
    expect(day).toHaveAttribute('aria-invalid', 'true');
    // The invalid part says why itself (not every screen reader reads a group's description).
    expect(day).toHaveAccessibleDescription('Este campo tiene un formato incorrecto');
    expect(screen.getByRole('textbox', { name: 'Año' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: 'Año' })).not.toHaveAttribute('aria-describedby');
    expect(screen.getByRole('combobox', { name: 'Mes' })).not.toHaveAttribute('aria-invalid');
  });

  it('its ref focuses the first invalid part, or the month when none is', () => {
    const handle = createRef<DateOfBirthFieldsHandle>();
    const { rerender } = render(
      <Harness
        handle={handle}
        error="Este campo tiene un formato incorrecto"
        invalidParts={['day', 'year']}
      />,
    );
    handle.current!.focus();
    expect(screen.getByRole('textbox', { name: 'Día' })).toHaveFocus();
    rerender(<Harness handle={handle} />);
    handle.current!.focus();
    expect(screen.getByRole('combobox', { name: 'Mes' })).toHaveFocus();
  });

  it('marks all three parts when the error does not say which', () => {
    render(<Harness error="Obligatorio" />);
    expect(screen.getByRole('combobox', { name: 'Mes' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: 'Mes' })).toHaveAccessibleDescription(
      'Obligatorio',
    );
    expect(screen.getByRole('textbox', { name: 'Día' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Año' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('a date typed before the page came alive (issue 29: drawn by the server)', () => {
  function Form({ onChange }: { onChange: (value: DateOfBirthValue) => void }) {
    const [value, setValue] = useState<DateOfBirthValue>({ month: '3', day: '7', year: '1951' });
    return (
      <DateOfBirthFields
        legend="Fecha de nacimiento"
        name="birthdate"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        monthLabel="Mes"
        dayLabel="Día"
        yearLabel="Año"
        monthNames={MONTHS}
      />
    );
  }

  it('keeps what was typed into the drawn boxes and hands it to the form once hydrated', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Form onChange={() => {}} />);
    // The person types before the scripts arrive.
    (container.querySelector('[name="birthdate-day"]') as HTMLInputElement).value = '18';
    (container.querySelector('[name="birthdate-year"]') as HTMLInputElement).value = '1952';
    const changes: DateOfBirthValue[] = [];
    await act(async () => {
      hydrateRoot(container, <Form onChange={(next) => changes.push(next)} />);
    });
    expect(changes).toEqual([{ month: '3', day: '18', year: '1952' }]);
    expect((container.querySelector('[name="birthdate-day"]') as HTMLInputElement).value).toBe('18');
    expect((container.querySelector('[name="birthdate-year"]') as HTMLInputElement).value).toBe('1952');
    container.remove();
  });

  it('changes nothing when nothing was typed, or when drawn in the browser', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Form onChange={() => {}} />);
    const changes: DateOfBirthValue[] = [];
    await act(async () => {
      hydrateRoot(container, <Form onChange={(next) => changes.push(next)} />);
    });
    expect(changes).toEqual([]);
    container.remove();
    // Boxes of another form with the same names are in the page: a group mounted later ignores them.
    const other = document.createElement('div');
    other.innerHTML = '<input name="birthdate-day" value="22">';
    document.body.append(other);
    render(<Form onChange={(next) => changes.push(next)} />);
    expect(changes).toEqual([]);
    other.remove();
  });
});
