func.func @names(%arg0: tensor<f32>, %V__1 : tensor<f32>, %cst_2: tensor<f32>, %a.b$c-d: tensor<f32>) -> tensor<f32> {
  %0 = "tf.AddV2"(%arg0, %V__1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %cst_3 = "tf.AddV2"(%0, %cst_2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %12 = "tf.AddV2"(%cst_3, %a.b$c-d) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %12 : tensor<f32>
}
