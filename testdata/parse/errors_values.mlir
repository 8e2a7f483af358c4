// Diagnostics about SSA values. Cases are split by "// -----".

func.func @undefined(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{use of undefined value '%nope'}}
  %0 = "tf.Neg"(%nope) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @before_def(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{use of value '%1' before its definition}}
  %0 = "tf.Neg"(%1) : (tensor<f32>) -> tensor<f32>
  %1 = "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @redefined(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = "tf.Abs"(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// expected-error @+1 {{redefinition of SSA value '%a'}}
func.func @dup_args(%a: tensor<f32>, %a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}

// -----

func.func @result_number(%arg0: tensor<f32>) -> tensor<f32> {
  %0:2 = "tf.Two"(%arg0) : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
  // expected-error @+1 {{result number 2 is out of range: '%0' has 2 result(s)}}
  %1 = "tf.Neg"(%0#2) : (tensor<f32>) -> tensor<f32>
  return %1 : tensor<f32>
}

// -----

func.func @type_mismatch(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{use of value '%arg0' expects different type than prior uses: 'tensor<?xf32>' vs 'tensor<4xf32>'}}
  %0 = "tf.Neg"(%arg0) : (tensor<?xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @return_type_mismatch(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{use of value '%arg0' expects different type than prior uses: 'tensor<4xi32>' vs 'tensor<4xf32>'}}
  return %arg0 : tensor<4xi32>
}

// -----

func.func @operand_count(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'tf.AddV2' op has 2 operand(s) but its type lists 1}}
  %0 = "tf.AddV2"(%arg0, %arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @result_count(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'tf.Neg' op defines 1 result(s) but 2 name(s) are bound to them}}
  %0:2 = "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
  // No cascade: %0 is poisoned, not undefined.
  %1 = "tf.Abs"(%0#1) : (tensor<f32>) -> tensor<f32>
  return %1 : tensor<f32>
}

// -----

func.func @return_count(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'func.return' op has 2 operand(s) but 1 type(s)}}
  return %arg0, %arg0 : tensor<f32>
}

// -----

func.func @out_of_scope(%c: tensor<i1>, %v: tensor<f32>) -> tensor<f32> {
  %0 = "tf.IfRegion"(%c) ({
    %inner = "tf.Neg"(%v) : (tensor<f32>) -> tensor<f32>
    "tf.Yield"(%inner) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"(%v) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<f32>
  // expected-error @+1 {{use of undefined value '%inner'}}
  return %inner : tensor<f32>
}

// -----

func.func @shadow(%c: tensor<i1>, %v: tensor<f32>) -> tensor<f32> {
  %0 = "tf.IfRegion"(%c) ({
  // expected-error @+1 {{redefinition of SSA value '%v'}}
  ^bb0(%v: tensor<f32>):
    "tf.Yield"(%v) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"(%v) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// The annotation forms: on the line itself, @+2 and @-1.
func.func @forms(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = "tf.Neg"(%a) : (tensor<f32>) -> tensor<f32> // expected-error {{use of undefined value '%a'}}
  // expected-error @+2 {{use of undefined value '%b'}}
  // A line between the annotation and the error.
  %1 = "tf.Neg"(%b) : (tensor<f32>) -> tensor<f32>
  %2 = "tf.Neg"(%c) : (tensor<f32>) -> tensor<f32>
  // expected-error @-1 {{use of undefined value '%c'}}
  return %2 : tensor<f32>
}
