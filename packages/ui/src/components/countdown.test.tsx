import { StrictMode, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { Countdown, useWaitOver } from './countdown';

const START = new Date('2025-03-01T10:00:00Z').getTime();

function label(seconds: number) {
  return seconds > 0 ? `Request another code in ${seconds} s` : 'You can request another code now';
}

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it('counts down each second in a timer region that is not announced', () => {
    render(<Countdown until={START + 3000}>{label}</Countdown>);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveAttribute('aria-live', 'off');
    expect(timer).toHaveTextContent('Request another code in 3 s');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('Request another code in 2 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('Request another code in 1 s');
  });

  it('at 0 moves the final text into the polite status region, calls onDone once and stops', () => {
    const onDone = vi.fn();
    render(
      <Countdown until={new Date(START + 2000)} onDone={onDone}>
        {label}
      </Countdown>,
    );
    act(() => vi.advanceTimersByTime(1999));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('You can request another code now');
    expect(screen.getByRole('timer')).toBeEmptyDOMElement();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('rounds a part second up so it never shows 0 early', () => {
    render(<Countdown until={START + 1500}>{label}</Countdown>);
    expect(screen.getByRole('timer')).toHaveTextContent('in 2 s');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('timer')).toHaveTextContent('in 1 s');
  });

  it('starts again when a new code is requested (a later `until`)', () => {
    function Harness() {
      const [until, setUntil] = useState(START + 1000);
      return (
        <>
          <Countdown until={until}>{label}</Countdown>
          <button type="button" onClick={() => setUntil(Date.now() + 5000)}>
            Resend
          </button>
        </>
      );
    }
    render(<Harness />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('status')).toHaveTextContent('You can request another code now');
    act(() => screen.getByRole('button', { name: 'Resend' }).click());
    expect(screen.getByRole('timer')).toHaveTextContent('Request another code in 5 s');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('is done at once, reported once, when `until` has already passed', () => {
    const onDone = vi.fn();
    render(
      <StrictMode>
        <Countdown until={START - 1} onDone={onDone}>
          {label}
        </Countdown>
      </StrictMode>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('You can request another code now');
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

describe('useWaitOver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  /** A resend button held back by the countdown, as the code steps draw it. */
  function ResendStep({ first }: { first: number | null }) {
    const [until, setUntil] = useState(first);
    const [over, markOver] = useWaitOver(until);
    return (
      <>
        {until !== null ? (
          <Countdown key={until} until={until} onDone={markOver}>
            {label}
          </Countdown>
        ) : null}
        <button type="button" disabled={!over} onClick={() => setUntil(Date.now() + 3000)}>
          Send a new code
        </button>
      </>
    );
  }
  const resend = () => screen.getByRole('button', { name: 'Send a new code' });

  it('holds the control back until the wait passes, and again after each new code', () => {
    render(<ResendStep first={START + 2000} />);
    expect(resend()).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(resend()).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(resend()).toBeEnabled();
    act(() => resend().click());
    expect(resend()).toBeDisabled();
    act(() => vi.advanceTimersByTime(3000));
    expect(resend()).toBeEnabled();
  });

  it('is over at once with no wait, or one already past', () => {
    const { unmount } = render(<ResendStep first={null} />);
    expect(resend()).toBeEnabled();
    unmount();
    render(<ResendStep first={START - 1} />);
    expect(resend()).toBeEnabled();
  });
});
