/**
 * What people say to a resident, by what they mean: the examples the offline brain's intent
 * classifier learns from (src/llm/offline/understand/classifier.ts). Names, places and times are
 * written as the placeholders the slot reader puts in their stead (`somebody`, `someplace`,
 * `sometime`), so the classifier learns the shape of a question and works on any town's names.
 * The held-apart utterances it is measured on live in the tests, written separately.
 */
export const INTENTS = [
  'greeting',
  'how-are-you',
  'about-self',
  'name',
  'hobbies',
  'where-is',
  'work',
  'home',
  'age',
  'family',
  'friends',
  'who-is',
  'know-person',
  'opinion',
  'doing-now',
  'plans',
  'hours',
  'today',
  'favourite',
  'recall-talk',
  'recall-invite',
  'heard-about',
  'invitation',
  'small-talk',
  'thanks',
  'goodbye',
] as const;

export type Intent = (typeof INTENTS)[number] | 'unknown';

export const EXAMPLES: Record<(typeof INTENTS)[number], string[]> = {
  greeting: ['hiya somebody', 'morning', 'hey there somebody', 'good sometime', 'good sometime somebody', 'hello somebody', 'hey somebody how nice to see you', 'yo', 'hi how do you do', 'hello', 'hi', 'hi there', 'hey', 'good morning', 'good evening', 'hello again', 'nice to meet you', 'hey how is it going', 'howdy', 'hiya', 'greetings', 'afternoon', 'morning somebody', 'hi somebody', 'pleased to meet you'],
  'how-are-you': ['how is everything', 'how is life treating you', 'how are you feeling', 'all good with you', 'you alright', 'how are you sometime', 'everything ok', 'how are you', 'how are you doing', 'how is it going', 'how have you been', 'are you well', 'how are things', 'how is life', "how's your day going", 'you ok', 'how do you feel today', 'are you doing alright', 'how are you keeping', "what's up"],
  'about-self': ['tell me about yourself', 'who are you', 'introduce yourself', 'what is on your mind', 'what are you working on these days', 'what are you worried about', 'what is new with you', 'what keeps you busy these days', 'what are you hoping for', 'what is going on with you', 'so what is your story', 'what are you busy with this week', 'anything exciting happening for you', 'what do you care about'],
  name: ['what is your name', 'who am I talking to', 'and your name is', 'what should I call you', 'what do people call you', 'sorry I did not catch your name', 'what was your name again'],
  hobbies: ['what do you do on your days off', 'any interests outside work', 'what do you do for fun', 'what are your hobbies', 'what do you do in your free time', 'how do you spend your evenings', 'what do you like doing', 'do you have any hobbies', 'what do you do when you are not working', 'how do you relax', 'what do you do at the weekend', 'any hobbies', 'what do you enjoy'],
  'where-is': ['where is someplace', 'where can I get a coffee', 'where can I buy bread', 'how do I get to someplace', 'where is a good place to eat', 'what time does someplace open', 'is someplace open now', 'when does someplace close', 'where can I find a drink around here', 'is there a shop nearby', 'where is the nearest pub', 'where do people go for dinner', 'where can I get a good meal', 'what are the opening hours of someplace'],
  work: ['what kind of job is it', 'what sort of work do you do', 'what is your work', 'are you a teacher', 'what business are you in', 'what do you do all day', 'is this where you work', 'what do you do for work', 'where do you work', 'what is your job', 'what do you do for a living', 'what is your profession', 'do you have a job', 'what line of work are you in', 'what do you do here', 'where are you employed', 'do you work around here', 'what are your working hours', 'who do you work for', 'what is your occupation', 'are you working today', 'do you work at someplace'],
  home: ['where about do you live', 'which part of town do you live in', 'is your house near here', 'where do you stay', 'where do you live', 'where is your house', 'where is home for you', 'where are you staying', 'do you live nearby', 'which house is yours', 'who do you live with', 'do you live alone', 'where is your place', 'is your home far from here'],
  age: ['can I ask how old you are', 'your age', 'how old might you be', 'what year were you born', 'how old are you', 'what is your age', 'when were you born', 'how many years old are you', 'are you old', 'what age are you', 'when is your birthday'],
  family: ['do you have a family', 'are you married', 'do you have kids', 'do you have children', 'who is your husband', 'who is your wife', 'tell me about your family', 'do you have brothers or sisters', 'who are your parents', 'is somebody your husband', 'how is your husband', 'how is your wife', 'what does your husband do', 'are you single', 'do you have a partner', 'who is your daughter', 'who is your son', 'how are the kids'],
  friends: ['who do you spend your time with', 'who are your mates', 'who are you friends with', 'who do you see most', 'who are your friends', 'who is your best friend', 'do you have many friends here', 'who do you hang out with', 'who are you close to in town', 'who do you know around here', 'do you have friends in town', 'who is your closest friend'],
  'who-is': ['who is somebody', 'tell me about somebody', 'who is that', 'who is the mayor', 'who runs someplace', 'what does somebody do', 'where does somebody work', 'is somebody nice', 'have you met somebody', 'what can you tell me about somebody', 'what do you know about somebody'],
  'know-person': ['do you know somebody well', 'have you ever met somebody', 'how do you know somebody', 'do you know somebody', 'do you know somebody well', 'how did you meet somebody', 'how long have you known somebody', 'are you friends with somebody', 'how well do you know somebody', 'are you close to somebody', 'what is your relationship with somebody', 'how do you two know each other', 'do you get along with somebody', 'when did you last see somebody', 'have you talked to somebody lately'],
  opinion: ['what do you think of somebody', 'what is somebody like', 'is somebody a good mayor', 'is somebody good at the job', 'do you like working here', 'do you like your job', 'what is the best part of your job', 'is somebody any good', 'do you trust somebody', 'what do you think about someplace', 'how do you feel about somebody', 'do you like somebody', 'what is your opinion of someplace', 'do you like it here', 'what do you make of somebody', 'is someplace any good', 'how is someplace doing', 'do you like someplace', 'what do you think of the town', 'how do you feel about the election', 'what do you think about the market', 'thoughts on somebody', 'do you enjoy your job'],
  'doing-now': ['what are you busy with', 'what are you doing at the moment', 'what are you doing at the moment', 'what are you doing now', 'what is keeping you busy', 'doing anything', 'what are you doing', 'what are you up to', 'what are you doing right now', 'what are you busy with', 'whatcha doing', 'what are you working on at the moment', 'are you busy', 'what brings you here', 'why are you here', 'what are you doing here'],
  plans: ['doing anything sometime', 'got plans sometime', 'what are your plans', 'what are you doing sometime', 'what will you do sometime', 'any plans for sometime', 'are you free sometime', 'what are you up to sometime', 'what is on your schedule', 'where will you be sometime', 'what are you doing later', 'got plans for the weekend', 'what are you doing after work', 'busy sometime', 'what is next for you today', 'what will you be doing sometime'],
  hours: ['what time do you finish work', 'when do you start work', 'when do you clock off', 'what time do you wake up', 'when do you go to bed', 'when do you get up', 'are you an early riser', 'what time do you go to sleep', 'when do you start your day', 'are you a night owl'],
  today: ['how was today', 'did you see anyone today', 'how was your day', 'what did you do today', 'who did you talk to today', 'who did you talk to sometime', 'who have you talked to sometime', 'what did you do sometime', 'how was your day sometime', 'who did you see sometime', 'what have you been up to', 'who have you seen today', 'anything happen today', 'what happened today', 'have you met anyone today', 'how has your day been'],
  favourite: ['what is the best thing here', 'what would you suggest', 'can you recommend something', 'recommend me something good', 'what is worth trying', 'what do you like best here', 'what is your favourite thing on the menu', 'what do you recommend', 'what is good here', 'what should I order', 'what is your favourite drink', 'what is your favourite food', 'what do you like to eat', 'what sells best', 'what is the best thing at someplace', 'any recommendations', 'what is your favourite book', 'what do you like to buy at someplace', 'what is your favourite place in town', 'what should I try'],
  'recall-talk': ['what did we talk about', 'do you remember me', 'what did we talk about yesterday', 'remember what I told you', 'what did I tell you', 'do you remember our chat', 'what did I say last time', 'have we met before', 'do you remember my name', 'what do you remember about me', 'who am I'],
  'recall-invite': ['do you remember who invited you', 'who invited you', 'who asked you to come', 'who told you about the party', 'did I invite you', 'who invited you to someplace', 'are you still coming to my party', 'did you remember my invitation', 'are you still coming sometime'],
  'heard-about': ['anything going on around town', 'anything exciting happening', 'did you hear about the party', 'are you going fishing', 'are you going to the market', 'are you coming to the party', 'will you go to the concert', 'are you going swimming later', 'are you going to someplace sometime', 'are you still going to the exhibition', 'did you hear about the quiz night', 'have you heard about the film night', 'do you know about the concert', 'who is running for mayor', 'what is happening with the election', 'who is going to win the election', 'what is the big news', 'who will win', 'have you heard the news', 'did you hear about the election', 'have you heard about the market', 'any news', 'what is new in town', 'any gossip', 'what is going on in town', 'is anything happening this week', 'are you going to the party', 'is there anything on sometime', 'what are people talking about', 'heard anything interesting'],
  invitation: ['would you like to come to a party sometime', 'fancy a pint sometime', 'fancy a pint', 'fancy a coffee', 'want to get a drink', 'shall we grab a bite sometime', 'how about dinner', 'want to come to a party sometime at someplace', 'fancy a drink at someplace sometime', 'join us', 'how about coffee sometime', "let's meet at someplace sometime", 'come to my party', 'do you want to grab lunch sometime', 'would you join me for dinner sometime', 'care to join me at someplace', 'shall we meet sometime', 'you should come to someplace sometime', "I'm having a party sometime at someplace you're invited", 'come with me to someplace', 'wanna hang out sometime', "let's get a coffee", 'can I buy you a drink sometime', 'are you up for a walk in someplace sometime', 'meet me at someplace sometime', 'I would love for you to come to my party'],
  'small-talk': ['the weather is lovely', 'what a lovely day we are having', 'nice day for it', 'it is raining again', 'great weather', 'beautiful morning', 'the town looks lovely', 'I am a teacher', 'I come from the city', 'nice weather today', 'lovely day', 'it is cold today', 'what a beautiful town', 'this place is nice', 'I just arrived in town', 'I am new here', 'I am a photographer', 'I love old buildings', 'it is busy today', 'it is quiet today', 'I am just visiting', 'I like your shop', 'nice hat', 'the sun is out'],
  thanks: ['thank you', 'thanks', 'thanks a lot', 'cheers', 'much appreciated', 'thank you so much', 'that is kind of you', 'great thanks', 'ok', 'alright', 'cool', 'good to know', 'I see', 'sounds good', 'wonderful', 'great'],
  goodbye: ['later', 'see you around', 'bye', 'I need to get going', 'I must be off', 'I should head home', 'time for me to go', 'goodbye', 'see you later', 'see you', 'take care', 'I have to go', 'catch you later', 'have a nice day', 'good night', 'talk to you later', 'gotta go', 'farewell', 'see you around', 'until next time'],
};
