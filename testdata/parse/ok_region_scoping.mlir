// Names defined in a region go out of scope at its end: sibling regions
// may reuse them, and so may the enclosing op's results.
func.func @scopes(%c: tensor<i1>, %v: tensor<f32>) -> tensor<f32> {
  %r = "tf.IfRegion"(%c) ({
    %r = "tf.Neg"(%v) : (tensor<f32>) -> tensor<f32>
    "tf.Yield"(%r) : (tensor<f32>) -> ()
  }, {
    %r = "tf.Abs"(%v) : (tensor<f32>) -> tensor<f32>
    "tf.Yield"(%r) : (tensor<f32>) -> ()
  }) {is_stateless = false} : (tensor<i1>) -> tensor<f32>
  %e = "tf.IfRegion"(%c) ({
    "tf.Yield"(%r) : (tensor<f32>) -> ()
  }, {
  }) {is_stateless = true} : (tensor<i1>) -> tensor<f32>
  return %e : tensor<f32>
}
