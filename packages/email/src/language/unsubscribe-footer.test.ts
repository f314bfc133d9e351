import { describe, expect, it } from 'vitest';
import { TEMPLATE_LANGUAGES } from './languages.ts';
import { contrastRatio } from '../brand/contrast.ts';
import { FOOTER_TEXTS, unsubscribeFooter } from './unsubscribe-footer.ts';

const url = 'https://thankly.test/api/unsubscribe/abc.def.ghi';

describe('unsubscribe footer', () => {
  it('is, in English, without an address, on white, the quiet grey footer buyer emails always had', () => {
    expect(unsubscribeFooter('en', 'Juniper & Clay', url)).toEqual({
      html:
        '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="background-color:#ffffff"><tr>' +
        '<td align="center" style="padding:16px 10px 24px;font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:1.5;color:#6b7280">' +
        'You received this email because you ordered from Juniper &amp; Clay. ' +
        `<a href="${url}" style="color:#6b7280;text-decoration:underline">Unsubscribe</a>` +
        '</td></tr></table>',
      text: `You received this email because you ordered from Juniper & Clay.\nUnsubscribe: ${url}`,
    });
  });

  it('speaks the template language', () => {
    const cases = {
      de: ['Sie erhalten diese E-Mail, weil Sie bei Juniper bestellt haben.', 'Abmelden'],
      fr: [
        'Vous recevez cet e-mail parce que vous avez passé commande chez Juniper.',
        'Se désabonner',
      ],
      es: ['Recibe este correo electrónico porque realizó un pedido en Juniper.', 'Darse de baja'],
      it: [
        'Ricevi questa email perché hai effettuato un ordine presso Juniper.',
        "Annulla l'iscrizione",
      ],
      el: [
        'Λαμβάνετε αυτό το email επειδή κάνατε παραγγελία από το κατάστημα Juniper.',
        'Απεγγραφή',
      ],
      ar: ['تلقيت هذه الرسالة لأنك قدّمت طلبًا من Juniper.', 'إلغاء الاشتراك'],
      he: ['קיבלת הודעה זו מפני שביצעת הזמנה בחנות Juniper.', 'ביטול הרשמה'],
    } as const;
    for (const [language, [reason, unsubscribe]] of Object.entries(cases)) {
      const footer = unsubscribeFooter(language as keyof typeof cases, 'Juniper', url);
      expect(footer.text).toBe(`${reason}\n${unsubscribe}: ${url}`);
      expect(footer.html).toContain(`${reason} <a href="${url}"`);
      expect(footer.html).toContain(`>${unsubscribe.replace("'", '&#39;')}</a>`);
    }
  });

  it('has words for every language a template can choose', () => {
    for (const { code } of TEMPLATE_LANGUAGES) {
      expect(FOOTER_TEXTS[code].reason('X')).toContain('X');
      expect(FOOTER_TEXTS[code].unsubscribe).not.toBe('');
    }
  });

  it('shows the postal address under the link, one line per line', () => {
    const footer = unsubscribeFooter(
      'en',
      'Juniper',
      url,
      '12 Long St\n\nSpringfield, IL 62701 \n',
    );
    expect(footer.html).toContain(
      '</a><div style="padding-top:8px">12 Long St<br>Springfield, IL 62701</div></td>',
    );
    expect(footer.text).toBe(
      `You received this email because you ordered from Juniper.\nUnsubscribe: ${url}\n\n12 Long St\nSpringfield, IL 62701`,
    );
  });

  it('keeps hostile shop names and addresses as text', () => {
    const footer = unsubscribeFooter(
      'en',
      '<img src=x onerror=alert(1)>',
      url,
      '"><script>alert(1)</script>\r\n<a href="https://evil.test">win</a>\u202eevil',
    );
    expect(footer.html).not.toContain('<script');
    expect(footer.html).not.toContain('<img');
    expect(footer.html).not.toContain('<a href="https://evil.test"');
    expect(footer.html).not.toContain('\u202e');
    expect(footer.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(footer.html).toContain(
      '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;<br>&lt;a href=&quot;https://evil.test&quot;&gt;win&lt;/a&gt; evil',
    );
  });

  it('falls back to English for a language it does not know, so the way out is never missing', () => {
    expect(unsubscribeFooter('xx' as never, 'Juniper', url).text).toContain('Unsubscribe: ');
  });

  it('sits on the design’s backdrop, in a colour that reads on it at 4.5:1', () => {
    const { html } = unsubscribeFooter('en', 'Juniper', url, '', '#1f2937');
    expect(html).toContain('bgcolor="#1f2937" style="background-color:#1f2937"');
    const colour = /<a [^>]*style="color:(#[0-9a-f]{6})/.exec(html)![1]!;
    expect(colour).not.toBe('#6b7280');
    expect(contrastRatio(colour, '#1f2937')).toBeGreaterThanOrEqual(4.5);
  });
});
