// Syntax errors and unsupported forms.

func.func @custom(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'tf.Neg' op custom op syntax is not supported; use the generic form}}
  %0 = tf.Neg %arg0 : tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @missing_type(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = "tf.Neg"(%arg0)
  return %0 : tensor<f32>
  // expected-error @-1 {{expected ':', found 'return'}}
}

// -----

func.func @bad_char(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{unexpected character '$'}}
  %0 = "tf.Neg"(%arg0) $ : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @unterminated(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{unterminated string literal}}
  %0 = "tf.Neg"(%arg0) {device = "cpu} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @bad_escape(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{unknown escape in string literal}}
  %0 = "tf.Neg"(%arg0) {device = "a\qb"} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @no_return(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
// expected-error @+1 {{function '@no_return' does not end with a return}}
}

// -----

func.func @after_return(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
  // expected-error @+1 {{'tf.Neg' op follows the function's terminator}}
  %0 = "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
}

// -----

func.func @return_in_region(%c: tensor<i1>, %v: tensor<f32>) -> tensor<f32> {
  %0 = "tf.IfRegion"(%c) ({
    // expected-error @+1 {{'func.return' op is only allowed at the end of a function body}}
    "func.return"(%v) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"(%v) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @successors(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'cf.br' op successor blocks are not supported}}
  "cf.br"(%arg0) [^bb1] : (tensor<f32>) -> ()
  return %arg0 : tensor<f32>
}

// -----

func.func @blocks(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = "tf.IfRegion"(%arg0) ({
    "tf.Yield"(%arg0) : (tensor<f32>) -> ()
  // expected-error @+1 {{more than one block is not supported}}
  ^bb1:
    "tf.Yield"(%arg0) : (tensor<f32>) -> ()
  }) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// expected-error @+1 {{function '@decl' has no body; declarations are not supported}}
func.func private @decl(tensor<f32>) -> tensor<f32>

// -----

module {
  // expected-error @+1 {{only functions are supported at module level, found 'tf_saved_model.global_tensor'}}
  "tf_saved_model.global_tensor"() {sym_name = "v", type = tensor<f32>, value = dense<1.0> : tensor<f32>} : () -> ()
  func.func @f(%arg0: tensor<f32>) -> tensor<f32> {
    return %arg0 : tensor<f32>
  }
}

// -----

func.func @undefined_alias(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{undefined attribute alias '#nope'}}
  %0 = "tf.Neg"(%arg0) {x = #nope} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @dup_attr(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{duplicate attribute 'device'}}
  %0 = "tf.Neg"(%arg0) {device = "", device = "x"} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @prop_and_attr(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'tf.Neg' op attribute 'T' occurs both as a property and as an attribute}}
  %0 = "tf.Neg"(%arg0) <{T = f32}> {T = f32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @dup_func() {
  return
}
// expected-error @+1 {{redefinition of function '@dup_func'}}
func.func @dup_func() {
  return
}

// -----

func.func @recovery(%arg0: tensor<f32>) -> tensor<f32> {
  // Several broken ops: each is reported, and parsing goes on at the next line.
  // expected-error @+1 {{expected SSA operand (%name), found '1'}}
  %0 = "tf.Neg"(1) : (tensor<f32>) -> tensor<f32>
  // expected-error @+1 {{custom op syntax is not supported}}
  %1 = tf.Abs %0 : tensor<f32>
  %2 = "tf.AddV2"(%0, %1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  // expected-error @+1 {{use of undefined value '%missing'}}
  %3 = "tf.AddV2"(%2, %missing) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %3 : tensor<f32>
}

// -----

func.func @expect_equal(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{expected '=', found string "tf.Neg"}}
  %0 "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// expected-error @+1 {{expected a function, module or alias definition, found '}'}}
}

// -----

// expected-error @+1 {{'func.func' op in generic form is not supported}}
"func.func"() <{function_type = () -> (), sym_name = "g"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

func.func @return_results(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'func.return' op cannot have results}}
  %0 = return %arg0 : tensor<f32>
}
