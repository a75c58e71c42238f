/**
 * Passwords attackers try first: the top of the public breach-frequency lists (SecLists,
 * NordPass, HPI's German list) plus German, Austrian and martial-arts words this product's
 * users are likely to pick. Compared case-insensitively; refusing them answers 400
 * {error: 4, fields: {pw: 'form.pw_common'}}.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', 'password', '12345678', 'qwerty', '123456789', '12345', '1234', '111111', '1234567',
  'dragon', '123123', 'baseball', 'abc123', 'football', 'monkey', 'letmein', '696969', 'shadow',
  'master', '666666', 'qwertyuiop', '123321', 'mustang', '1234567890', 'michael', '654321',
  'superman', '1qaz2wsx', '7777777', '121212', '000000', 'qazwsx', '123qwe', 'killer', 'trustno1',
  'jordan', 'jennifer', 'zxcvbnm', 'asdfgh', 'hunter', 'buster', 'soccer', 'harley', 'batman',
  'andrew', 'tigger', 'sunshine', 'iloveyou', '2000', 'charlie', 'robert', 'thomas', 'hockey',
  'ranger', 'daniel', 'starwars', 'klaster', '112233', 'george', 'computer', 'michelle', 'jessica',
  'pepper', '1111', 'zxcvbn', '555555', '11111111', '131313', 'freedom', '777777', 'pass',
  'maggie', '159753', 'aaaaaa', 'ginger', 'princess', 'joshua', 'cheese', 'amanda', 'summer',
  'love', 'ashley', 'nicole', 'chelsea', 'biteme', 'matthew', 'access', 'yankees', '987654321',
  'dallas', 'austin', 'thunder', 'taylor', 'matrix', 'mobilemail', 'mom', 'monitor', 'monitoring',
  'montana', 'moon', 'moscow', 'passw0rd', 'password1', 'password12', 'password123', 'qwerty123',
  'qwerty1', 'welcome', 'welcome1', 'welcome123', 'admin', 'admin123', 'administrator', 'root',
  'toor', 'login', 'abc12345', 'abcdef', 'abcd1234', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e',
  'q1w2e3r4', 'zaq12wsx', 'zaq1zaq1', 'passpass', 'letmein1', 'iloveyou1', 'princess1',
  'sunshine1', 'football1', 'baseball1', 'master1', 'dragon1', 'monkey1', 'shadow1', 'superman1',
  'whatever', 'hello123', 'hello', 'hallo', 'hallo123', 'hallo1234', 'passwort', 'passwort1',
  'passwort123', 'geheim', 'geheim123', 'schatz', 'schatz123', 'schatzi', 'hase', 'hase123',
  'mausi', 'mausi123', 'sonne', 'sonne123', 'sommer', 'sommer123', 'winter', 'winter123',
  'fruehling', 'herbst', 'blume', 'blumen', 'katze', 'katze123', 'hund', 'hund123', 'fussball',
  'fussball1', 'bayern', 'bayern1', 'schalke', 'schalke04', 'borussia', 'dortmund', 'bvb09',
  'hamburg', 'muenchen', 'berlin', 'berlin123', 'wien', 'wien123', 'graz', 'salzburg',
  'oesterreich', 'austria', 'deutschland', 'germany', 'ficken', 'arschloch', 'scheisse',
  '1234qwer', 'qwer1234', 'qwertz', 'qwertz123', 'qwertzu', 'qwertzui', 'qwertzuiop', 'asdfghjkl',
  'asdf1234', 'asdfasdf', 'yxcvbnm', '147258369', '147258', '159357', '852456', '456789', '456123',
  '123654', '321654', '987654', '9876543210', '0987654321', '101010', '102030', '112211', '121314',
  '123abc', '123456a', '123456q', '12345a', '12345q', '1234abcd', 'a123456', 'a12345', 'aa123456',
  'aaa111', 'abcabc', 'abc123456', 'azerty', '000000000', '0000000', '00000000', '1111111',
  '111111111', '1111111111', '222222', '333333', '444444', '888888', '999999', '88888888',
  '99999999', '123123123', '123321123', '112233445566', '1234554321', '12344321', '5201314',
  '520520', 'google', 'facebook', 'twitter', 'youtube', 'linkedin', 'instagram', 'microsoft',
  'apple', 'samsung', 'internet', 'computer1', 'laptop', 'secret', 'secret123', 'changeme',
  'changeme1', 'default', 'guest', 'guest123', 'test', 'test123', 'test1234', 'testtest', 'tester',
  'demo', 'demo123', 'demo1234', 'user', 'user123', 'benutzer', 'kennwort', 'kennwort1', 'start',
  'start123', 'start1', 'anfang', 'neu123', 'neu', 'neuespasswort', 'mypassword', 'mypass',
  'pass123', 'pass1234', 'pass12345', 'p@ssw0rd', 'p@ssword', 'passw0rd1', 'password!',
  'password1!', 'qwerty!', '1qaz!qaz', '1qazxsw2', '2wsx3edc', '3edc4rfv', 'xsw21qaz', '!qaz2wsx',
  'zxcvbnm1', 'zxcvbn123', 'asdzxc', 'qweasd', 'qweasdzxc', 'qazxswedc', '1qa2ws3ed', 'michael1',
  'daniel1', 'andrea', 'andreas', 'alexander', 'alexandra', 'christian', 'christina', 'sebastian',
  'stefan', 'stephan', 'thomas1', 'markus', 'martin', 'martina', 'sabine', 'sandra', 'claudia',
  'julia', 'julian', 'lukas', 'leon', 'maximilian', 'felix', 'jonas', 'niklas', 'sophie', 'marie',
  'lisa', 'lena', 'laura', 'anna', 'hannah', 'emma', 'mia', 'lea', 'paul', 'peter', 'petra',
  'klaus', 'juergen', 'wolfgang', 'werner', 'helmut', 'manfred', 'ursula', 'monika', 'gabriele',
  'karin', 'angelika', 'birgit', 'susanne', 'nadine', 'jennifer1', 'jessica1', 'ashley1',
  'nicole1', 'amanda1', 'justin', 'justin1', 'liverpool', 'arsenal', 'chelsea1', 'manchester',
  'barcelona', 'realmadrid', 'juventus', 'ronaldo', 'messi', 'cristiano', 'pokemon', 'naruto',
  'minecraft', 'fortnite', 'starwars1', 'batman1', 'spiderman', 'ironman', 'pokemon1', 'matrix1',
  'killer1', 'hunter1', 'hunter2', 'buster1', 'tigger1', 'charlie1', 'jordan23', 'michael23',
  'lakers', 'yankees1', 'cowboys', 'steelers', 'eagles', 'bulldogs', 'dolphins', 'marlboro',
  'mercedes', 'porsche', 'ferrari', 'bmw', 'audi', 'volkswagen', 'toyota', 'honda', 'corvette',
  'camaro', 'mustang1', 'harley1', 'chocolate', 'cookie', 'cookies', 'banana', 'orange',
  'apple123', 'cherry', 'pepper1', 'ginger1', 'maggie1', 'buddy', 'buddy1', 'lucky', 'lucky1',
  'lucky7', 'angel', 'angel1', 'angels', 'babygirl', 'baby123', 'sweety', 'sweetheart', 'loveme',
  'lovely', 'lovers', 'love123', 'iloveu', 'iloveyou2', 'forever', 'forever1', 'friends', 'friend',
  'family', 'family1', 'jesus', 'jesus1', 'christ', 'god123', 'blessed', 'heaven', 'faith',
  'shalom', 'freedom1', 'liberty', 'america', 'usa123', 'canada', 'london', 'paris', 'newyork',
  'texas', 'florida', 'qwerty12', 'qwerty1234', 'qwerty12345', 'qwert12345', 'qwert', 'asdfg',
  'zxcvb', '1password', '123password', 'password2', 'password3', 'abc', 'abcde', 'abcdefg',
  'abcdefgh', '1a2b3c', '1a2b3c4d', 'a1b2c3', 'a1b2c3d4', 'karate', 'kungfu', 'taekwondo', 'judo',
  'jiujitsu', 'wingtsun', 'wingchun', 'kickbox', 'boxing', 'sifu', 'sensei', 'dojo', 'kampfkunst',
  'kampfsport', 'budo', 'ninja', 'samurai', 'shaolin', 'bruce', 'brucelee', 'dragon123', 'tiger',
  'tiger123', 'panther', 'eagle123', 'falcon', 'phoenix',
]);

/** Number of entries (tests check the list is substantial). */
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

/**
 * True when `password` is one of the most common passwords, or is just the username, or
 * one character repeated (e.g. 'aaaaaaaa').
 */
export function isCommonPassword(password: string, username?: string): boolean {
  const normalised = password.trim().toLowerCase();
  if (COMMON_PASSWORDS.has(normalised)) return true;
  if (username && normalised === username.trim().toLowerCase()) return true;
  return normalised.length > 0 && new Set(normalised).size === 1;
}
