import { describe, expect, test } from 'vitest';
import { classifyFetch } from './classify-agent.ts';

const open = (userAgent: string | undefined) =>
  classifyFetch({ kind: 'open', userAgent, secondsSinceSent: 3600 });
const click = (userAgent: string | undefined, secondsSinceSent: number | null = 3600) =>
  classifyFetch({ kind: 'click', userAgent, secondsSinceSent });

// Real user agents, as mail providers, proxies and scanners send them.
const UA = {
  gmailProxy:
    'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
  yahooProxy: 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html',
  appleProxy: 'Mozilla/5.0',
  appleMail:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  outlookDesktop: 'Mozilla/4.0 (compatible; ms-office; MSOffice 16)',
  officePreview: 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17628; Pro)',
  bingPreview:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) BingPreview/1.0b',
  barracuda: 'Mozilla/5.0 (compatible; Barracuda Sentinel (EE))',
  proofpoint: 'Mozilla/5.0 (compatible; Proofpoint URL Defense)',
  mimecast: 'Mozilla/5.0 (compatible; Mimecast URL Protect)',
  googleSafety: 'Google-Safety; +https://support.google.com/mail/answer/86369',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.109 Safari/537.36',
  curl: 'curl/8.5.0',
  pythonRequests: 'python-requests/2.31.0',
  wget: 'Wget/1.21.4',
};

describe('classifying opens', () => {
  test('mail apps and open-time image proxies are people', () => {
    for (const ua of [
      UA.gmailProxy,
      UA.yahooProxy,
      UA.appleMail,
      UA.iphoneSafari,
      UA.chrome,
      UA.outlookDesktop,
    ])
      expect(open(ua), ua).toBe('person');
  });

  test("Apple Mail Privacy Protection's prefetch is a proxy, not an open", () => {
    expect(open(UA.appleProxy)).toBe('proxy');
  });

  test('previews, scanners, scripts and requests without a user agent are scanners', () => {
    for (const ua of [
      UA.officePreview,
      UA.bingPreview,
      UA.barracuda,
      UA.proofpoint,
      UA.mimecast,
      UA.googleSafety,
      UA.headless,
      UA.curl,
      UA.pythonRequests,
      UA.wget,
      '',
      '   ',
      undefined,
    ])
      expect(open(ua), String(ua)).toBe('scanner');
  });
});

describe('opens within seconds of sending', () => {
  test('are scanners fetching images on delivery, whatever agent they give', () => {
    for (const ua of [UA.chrome, UA.appleMail, UA.gmailProxy])
      expect(classifyFetch({ kind: 'open', userAgent: ua, secondsSinceSent: 3 }), ua).toBe(
        'scanner',
      );
    expect(classifyFetch({ kind: 'open', userAgent: UA.chrome, secondsSinceSent: 11 })).toBe(
      'person',
    );
  });
});

describe('classifying clicks', () => {
  test("a person's browser, some time after the email was sent, is a person", () => {
    expect(click(UA.chrome)).toBe('person');
    expect(click(UA.iphoneSafari, 11)).toBe('person');
  });

  test('a click within seconds of sending is a scanner checking links on delivery', () => {
    expect(click(UA.chrome, 2)).toBe('scanner');
    expect(click(UA.iphoneSafari, 0)).toBe('scanner');
  });

  test('link scanners are scanners whenever they click', () => {
    for (const ua of [
      UA.proofpoint,
      UA.barracuda,
      UA.mimecast,
      UA.googleSafety,
      UA.bingPreview,
      UA.officePreview,
      UA.appleProxy,
      UA.curl,
      '',
    ])
      expect(click(ua), ua).toBe('scanner');
  });
});
