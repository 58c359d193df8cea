import { renderApp, screen, setLocaleCookie } from '../../test/render-app';

describe('information pages', () => {
  it.each([
    ['/about-us', 'About us', '/es/about-us', 'Quiénes somos'],
    ['/terms-of-use', 'Terms of use', '/es/terms-of-use', 'Términos de uso'],
    ['/privacy-policy', 'Privacy policy', '/es/privacy-policy', 'Política de privacidad'],
    ['/return-policy', 'Return policy', '/es/return-policy', 'Política de devoluciones'],
    ['/docs/items-eligibility', 'Why are some items not eligible', '/es/docs/items-eligibility', 'Por qué algunos artículos no son elegibles'],
  ])('%s has its content in English and Spanish', async (path, title, esPath, esTitle) => {
    setLocaleCookie('en');
    const english = await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
    english.unmount();

    setLocaleCookie('es');
    await renderApp(esPath);
    const heading = await screen.findByRole('heading', { level: 1 });
    if (esTitle) expect(heading).toHaveTextContent(esTitle);
    expect(heading).not.toHaveTextContent(title);
  });

  it('legal pages are dated, in the page language', async () => {
    setLocaleCookie('en');
    const english = await renderApp('/terms-of-use');
    expect(await screen.findByText('Last updated: November 1, 2024')).toBeInTheDocument();
    english.unmount();
    setLocaleCookie('es');
    await renderApp('/es/privacy-policy');
    expect(await screen.findByText('Última actualización: 1 de noviembre de 2024')).toBeInTheDocument();
  });

  it('the eligibility page explains the three reasons', async () => {
    setLocaleCookie('es');
    await renderApp('/es/docs/items-eligibility');
    for (const reason of ['Agotado', 'No cubierto por su plan de salud', 'No disponible']) {
      expect(await screen.findByRole('heading', { level: 2, name: reason })).toBeInTheDocument();
    }
  });
});
