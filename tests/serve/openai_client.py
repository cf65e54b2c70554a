"""The openai package as its users call it, pointed at CosyStudio's server:
  openai_client.py BASE_URL TOKEN VOICE TEXT SEED OUT.wav"""
import sys

import openai

base_url, token, voice, text, seed, out = sys.argv[1:]
client = openai.OpenAI(base_url=base_url, api_key=token)
with client.audio.speech.with_streaming_response.create(
        model="cosyvoice3", voice=voice, input=text, response_format="wav",
        extra_body={"seed": int(seed)}) as response:
    response.stream_to_file(out)
# A refusal reaches openai's users as its own exception, naming the field.
try:
    client.audio.speech.create(model="cosyvoice3", voice="nobody", input=text)
    sys.exit("FAIL: an unknown voice was accepted")
except openai.BadRequestError as error:
    if error.body.get("param") != "voice":
        sys.exit(f"FAIL: the error names {error.body.get('param')!r}")
