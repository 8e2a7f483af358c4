// A result that passes through tf.Identity, as TensorFlow's exporters end functions (issue 12): the Identity
// of a computed value is that value's output buffer, with no copy.
func.func @compute(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Tanh"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Identity"(%0) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %1 : tensor<?xf32>
}
