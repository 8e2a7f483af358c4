func.func @nothing() {
  return
}
func.func @sink(%arg0: tensor<f32>) -> () {
  "tf.NoOp"() : () -> ()
  func.return
}
