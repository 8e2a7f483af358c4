func.func @effects(%arg0: tensor<f32>) -> tensor<f32> {
  "tf.Assert"(%arg0) {summarize = 3 : i64} : (tensor<f32>) -> ()
  "tf.NoOp"() : () -> ()
  "tf.Unused"(%arg0) : (tensor<f32>) -> tensor<f32>
  return %arg0 : tensor<f32>
}
