// The C++/CUDA/HIP tokenizer: what is code and what is not (comments, literals, splices, #if 0).
// These cases were the audit's; the rewriter-mode cases at the end are the rewriter's needs.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "parity/cxx/tokenizer.hpp"

using namespace parity::cxx;

namespace {

std::vector<std::string> texts(const LexResult& r) {
  std::vector<std::string> out;
  for (const Token& t : r.tokens) out.push_back(t.text);
  return out;
}

std::vector<std::string> identifiers(const LexResult& r) {
  std::vector<std::string> out;
  for (const Token& t : r.tokens)
    if (t.kind == TokenKind::kIdentifier) out.push_back(t.text);
  return out;
}

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("lexer: comments produce no tokens, and lines are counted through them", "[lexer]") {
  const LexResult r = lex("a // cudaMalloc b\n/* c\n d */ e /**/f\n");
  CHECK(texts(r) == Strings{"a", "e", "f"});
  CHECK(r.tokens[0].line == 1);
  CHECK(r.tokens[1].line == 3);
  CHECK(r.tokens[1].column == 7);
  CHECK(r.lines == 3);
  CHECK(r.diagnostics.empty());
}

TEST_CASE("lexer: a line comment continued by a backslash swallows the next line", "[lexer]") {
  const LexResult r = lex("x // comment \\\ncudaMalloc(p);\ny");
  CHECK(identifiers(r) == Strings{"x", "y"});
  CHECK(r.tokens[1].line == 3);
}

TEST_CASE("lexer: line splices join identifiers and keep original line numbers", "[lexer]") {
  const LexResult r = lex("cudaDevice\\\nSynchronize();\nnext \\  \r\nline");
  REQUIRE(r.tokens.size() >= 5);
  CHECK(r.tokens[0].text == "cudaDeviceSynchronize");
  CHECK(r.tokens[0].line == 1);
  CHECK(r.tokens[4].text == "next");
  CHECK(r.tokens[4].line == 3);
  CHECK(r.tokens[5].text == "line");  // blanks between the backslash and the newline: a splice
  CHECK(r.tokens[5].line == 4);
}

TEST_CASE("lexer: string and character literals are one token each", "[lexer]") {
  const LexResult r = lex(R"src(f("a \"cudaFree\" b", '\'', '"', u8"x", L'y', "s"sv, 'c'_u);)src");
  CHECK(identifiers(r) == Strings{"f"});
  CHECK(texts(r) == Strings{"f", "(", R"("a \"cudaFree\" b")", ",", R"('\'')", ",", R"('"')", ",",
                            R"(u8"x")", ",", "L'y'", ",", R"("s"sv)", ",", "'c'_u", ")", ";"});
  CHECK(r.tokens[2].kind == TokenKind::kString);
  CHECK(r.tokens[4].kind == TokenKind::kChar);
}

TEST_CASE("lexer: raw strings end only at their own delimiter", "[lexer]") {
  const std::string source =
      "a R\"x(__global__ void k() )\" \n cudaMalloc )y\" )x\" b u8R\"(q)\" LR\"--()--\" c";
  const LexResult r = lex(source);
  CHECK(identifiers(r) == Strings{"a", "b", "c"});
  REQUIRE(r.tokens.size() == 6);
  CHECK(r.tokens[1].kind == TokenKind::kString);
  CHECK(r.tokens[1].text.ends_with(")x\""));
  CHECK(r.tokens[2].line == 2);  // line numbers survive a multi-line raw string
  CHECK(r.tokens[3].text == "u8R\"(q)\"");
  CHECK(r.tokens[4].text == "LR\"--()--\"");
}

TEST_CASE("lexer: numbers with separators, exponents and suffixes", "[lexer]") {
  const LexResult r = lex("1'000'000 0x1F 1e-5f .5 0xffffffffu 0b101 31u 0x1.8p+3");
  CHECK(texts(r) ==
        Strings{"1'000'000", "0x1F", "1e-5f", ".5", "0xffffffffu", "0b101", "31u", "0x1.8p+3"});
  for (const Token& t : r.tokens) CHECK(t.kind == TokenKind::kNumber);
  CHECK(integer_value(r.tokens[0]) == 1000000);
  CHECK(integer_value(r.tokens[1]) == 31);
  CHECK(integer_value(r.tokens[2]) == -1);  // a float
  CHECK(integer_value(r.tokens[4]) == 0xffffffffLL);
  CHECK(integer_value(r.tokens[5]) == 5);
  CHECK(integer_value(r.tokens[6]) == 31);
  CHECK(integer_value(Token{TokenKind::kNumber, "017", 1, 1, false, false}) == 15);
  CHECK(integer_value(Token{TokenKind::kIdentifier, "x31", 1, 1, false, false}) == -1);
}

TEST_CASE("lexer: CUDA launch brackets and longest-match punctuators", "[lexer]") {
  const LexResult r = lex("k<T><<<g, b>>>(x); a >>= 5; b->c; d::e; f <=> g;");
  CHECK(texts(r) == Strings{"k", "<", "T",  ">", "<<<", "g", ",",   "b", ">>>", "(",
                            "x", ")", ";",  "a", ">>=", "5", ";",   "b", "->",  "c",
                            ";", "d", "::", "e", ";",   "f", "<=>", "g", ";"});
}

TEST_CASE("lexer: directives are marked and #include names are one token", "[lexer]") {
  const LexResult r =
      lex("#include <cub/cub.cuh>\n  # include \"my header.h\"\n"
          "#define M(x) \\\n  x & 31\nint y = a # b;\n");
  REQUIRE(r.tokens.size() >= 6);
  CHECK(r.tokens[0].is_punct("#"));
  CHECK(r.tokens[0].directive);
  CHECK(r.tokens[0].directive_start);
  CHECK(r.tokens[2].kind == TokenKind::kHeaderName);
  CHECK(r.tokens[2].text == "<cub/cub.cuh>");
  CHECK(r.tokens[5].kind == TokenKind::kHeaderName);
  CHECK(r.tokens[5].text == "\"my header.h\"");
  // The #define continues over the splice; `int y` is code again.
  std::size_t k = 6;
  while (k < r.tokens.size() && r.tokens[k].text != "int") {
    CHECK(r.tokens[k].directive);
    ++k;
  }
  REQUIRE(k < r.tokens.size());
  CHECK_FALSE(r.tokens[k].directive);
  CHECK(r.tokens[k].line == 5);
  // A '#' in the middle of a line is an operator, not a directive.
  CHECK_FALSE(r.tokens[k + 4].directive);
  CHECK(r.tokens[k + 4].is_punct("#"));
  CHECK_FALSE(r.tokens[k + 4].directive_start);
}

TEST_CASE("lexer: a block comment inside a directive does not end it", "[lexer]") {
  const LexResult r = lex("#define X 1 /* spans\n lines */ + 2\ny");
  REQUIRE(r.tokens.size() == 7);
  CHECK(r.tokens[5].text == "2");
  CHECK(r.tokens[5].directive);
  CHECK_FALSE(r.tokens[6].directive);
}

TEST_CASE("lexer: unterminated constructs are diagnosed, not fatal", "[lexer]") {
  const LexResult comment = lex("a /* never closed\nb");
  CHECK(identifiers(comment) == Strings{"a"});
  REQUIRE(comment.diagnostics.size() == 1);
  CHECK(comment.diagnostics[0].line == 1);
  CHECK(comment.diagnostics[0].message == "unterminated /* comment");

  const LexResult string = lex("f(\"abc\n);\nnext");
  CHECK(identifiers(string) == Strings{"f", "next"});
  REQUIRE(string.diagnostics.size() == 1);
  CHECK(string.diagnostics[0].message == "unterminated string literal");

  const LexResult raw = lex("R\"x(abc)y\"");
  REQUIRE(raw.diagnostics.size() == 1);
  CHECK(raw.diagnostics[0].message == "unterminated raw string literal");
}

TEST_CASE("lexer: # and ## inside a directive do not start another one", "[lexer]") {
  const LexResult r = lex("#define S(x) #x \\\n  # x ## y\n#if 0\nz\n#endif\nw\n");
  int starts = 0;
  for (const Token& t : r.tokens) starts += t.directive_start;
  CHECK(starts == 3);  // #define, #if, #endif
  std::vector<std::string> kept;
  for (const Token& t : drop_disabled_blocks(r.tokens))
    if (t.kind == TokenKind::kIdentifier) kept.push_back(t.text);
  CHECK(kept == Strings{"define", "S", "x", "x", "x", "y", "w"});
}

TEST_CASE("lexer: #if 0 blocks are dropped, #else branches kept", "[lexer]") {
  const auto kept = [](const char* source) {
    std::vector<std::string> out;
    for (const Token& t : drop_disabled_blocks(lex(source).tokens))
      if (t.kind == TokenKind::kIdentifier) out.push_back(t.text);
    return out;
  };
  CHECK(kept("a\n#if 0\nb\n#ifdef X\nc\n#endif\nd\n#endif\ne\n") == Strings{"a", "e"});
  CHECK(kept("#if 0\nb\n#else\nc\n#endif\n") == Strings{"c", "endif"});
  CHECK(kept("#if 0\nb\n#elif X\nc\n#endif\n") == Strings{"elif", "X", "c", "endif"});
  // Only a literal 0 is known: #if 00, #if FOO or #if 0 && x stay.
  CHECK(kept("#if FOO\nb\n#endif\n") == Strings{"if", "FOO", "b", "endif"});
  CHECK(kept("#if 0 && X\nb\n#endif\n") == Strings{"if", "X", "b", "endif"});
}

// ---- what the rewriter needs: byte ranges in the original, whole directives, lone '>' ----

namespace {

std::string original(const std::string& source, const Token& t) {
  return source.substr(t.begin, t.end - t.begin);
}

}  // namespace

TEST_CASE("tokenizer: byte ranges point into the original text, splices included",
          "[lexer][rewriter]") {
  const std::string source = "a k<<<g,\nb>>>(x);\n\"s\\\ntr\" id\\\nent";
  const LexResult r = lex(source);
  REQUIRE(r.tokens.size() == 13);
  CHECK(original(source, r.tokens[2]) == "<<<");
  CHECK(r.tokens[2].begin == 3);
  CHECK(original(source, r.tokens[11]) == "\"s\\\ntr\"");  // the range keeps the splice ...
  CHECK(r.tokens[11].text == "\"str\"");                   // ... the spelling does not
  CHECK(original(source, r.tokens[12]) == "id\\\nent");
  CHECK(r.tokens[12].text == "ident");
  CHECK(r.tokens[12].line == 4);
}

TEST_CASE("tokenizer: whole directives are one token to the end of their line",
          "[lexer][rewriter]") {
  const std::string source =
      "#define LAUNCH(k) \\\n  k<<<1, 1>>>() /* spans\n lines */ + 1\n"
      "#error don't // comment\nint x;\n";
  const LexResult r = lex(source, {.directives = Directives::kWhole});
  REQUIRE(r.tokens.size() == 5);
  CHECK(r.tokens[0].kind == TokenKind::kDirective);
  CHECK(original(source, r.tokens[0]).ends_with("lines */ + 1"));
  CHECK(r.tokens[1].kind == TokenKind::kDirective);
  CHECK(r.tokens[1].line == 4);
  CHECK(r.diagnostics.empty());  // the apostrophe in #error text is not a literal
  CHECK(r.tokens[2].is_identifier("int"));
  CHECK(r.tokens[2].line == 5);
}

TEST_CASE("tokenizer: split_greater keeps every '>' alone, '<<<' stays one token",
          "[lexer][rewriter]") {
  const LexResult r = lex("f<g<int>><<<a, b>>>(x >= y, z >>= 1);", {.split_greater = true});
  CHECK(texts(r) == Strings{"f", "<", "g", "<", "int", ">", ">", "<<<", "a",
                            ",", "b", ">", ">", ">",   "(", "x", ">",   "=",
                            "y", ",", "z", ">", ">",   "=", "1", ")",   ";"});
  // Without the option the same text has the longest-match punctuators.
  const LexResult plain = lex("a >>= b >= c >> d");
  CHECK(texts(plain) == Strings{"a", ">>=", "b", ">=", "c", ">>", "d"});
}

TEST_CASE("tokenizer: first_line numbers a directive body lexed on its own; columns of errors",
          "[lexer][rewriter]") {
  const LexResult r = lex(" k<<<1, 1>>>(\"open);", {.first_line = 7});
  REQUIRE(!r.tokens.empty());
  CHECK(r.tokens[0].line == 7);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].line == 7);
  CHECK(r.diagnostics[0].column == 14);
  CHECK(r.diagnostics[0].message == "unterminated string literal");
  const LexResult raw = lex("R\"0123456789abcdefgh(x)0123456789abcdefgh\"");
  REQUIRE_FALSE(raw.diagnostics.empty());
  CHECK(raw.diagnostics[0].message == "malformed raw string literal delimiter");
}
