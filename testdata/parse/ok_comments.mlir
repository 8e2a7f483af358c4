// RUN: tf-opt %s | FileCheck %s
// A comment before everything.
module { // after a brace
  // CHECK-LABEL: func @f
  func.func @f(%arg0: tensor<f32>) -> tensor<f32> {
    // A comment line in the body.
    %0 = "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32> // trailing comment
    return %0 : tensor<f32> // another one
  } // after the function
} // end of module
// last line without a newline