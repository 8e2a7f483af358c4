// Expected diagnostics of the pooling family (internal/ops/pool): TF's kernels' messages for bad
// formats, ksize, strides, paddings, depths and element types. Cases are split by `// -----`.

func.func @maxpool_nchw(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.MaxPool' op Default MaxPoolingOp only supports NHWC on device type CPU}}
  %0 = "tf.MaxPool"(%x) {data_format = "NCHW", ksize = [1, 1, 2, 2], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @avgpool_nchw(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.AvgPool' op Default AvgPoolingOp only supports NHWC on device type CPU}}
  %0 = "tf.AvgPool"(%x) {data_format = "NCHW", ksize = [1, 1, 2, 2], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @pool_format(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.MaxPool' op Invalid data format "HWNC" (NHWC or NCHW)}}
  %0 = "tf.MaxPool"(%x) {data_format = "HWNC", ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @pool3d_ncdhw(%x: tensor<1x2x4x4x2xf32>) -> tensor<1x2x4x4x2xf32> {
  // expected-error @+1 {{'tf.MaxPool3D' op Default Pooling3DOp only supports NDHWC on device type CPU}}
  %0 = "tf.MaxPool3D"(%x) {data_format = "NCDHW", ksize = [1, 1, 1, 2, 2], padding = "SAME", strides = [1, 1, 1, 1, 1]} : (tensor<1x2x4x4x2xf32>) -> tensor<1x2x4x4x2xf32>
  func.return %0 : tensor<1x2x4x4x2xf32>
}

// -----

func.func @pool_ksize_len(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.MaxPool' op Sliding window ksize field must specify 4 dimensions}}
  %0 = "tf.MaxPool"(%x) {ksize = [2, 2], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @pool_strides_len(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.AvgPool' op Sliding window stride field must specify 4 dimensions}}
  %0 = "tf.AvgPool"(%x) {ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @pool3d_strides_len(%x: tensor<1x2x4x4x2xf32>) -> tensor<1x2x4x4x2xf32> {
  // expected-error @+1 {{'tf.AvgPool3D' op Sliding window strides field must specify 5 dimensions}}
  %0 = "tf.AvgPool3D"(%x) {ksize = [1, 1, 1, 2, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x4x4x2xf32>) -> tensor<1x2x4x4x2xf32>
  func.return %0 : tensor<1x2x4x4x2xf32>
}

// -----

func.func @pool_batch(%x: tensor<2x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.MaxPool' op Pooling is not yet supported on the batch dimension.}}
  %0 = "tf.MaxPool"(%x) {ksize = [2, 2, 2, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<2x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @avgpool_depth(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x1xf32> {
  // expected-error @+1 {{'tf.AvgPool' op Non-spatial pooling is not yet supported. Volunteers? :)}}
  %0 = "tf.AvgPool"(%x) {ksize = [1, 1, 1, 2], padding = "VALID", strides = [1, 1, 1, 2]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x1xf32>
  func.return %0 : tensor<1x4x4x1xf32>
}

// -----

func.func @maxpool_depth(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x1xf32> {
  // expected-error @+1 {{'tf.MaxPool' op Pooling is not yet supported on the depth dimension.}}
  %0 = "tf.MaxPool"(%x) {ksize = [1, 1, 1, 2], padding = "VALID", strides = [1, 1, 1, 2]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x1xf32>
  func.return %0 : tensor<1x4x4x1xf32>
}

// -----

func.func @pool_ksize_zero(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.MaxPool' op Sliding window ksize for dimension 1 was zero.}}
  %0 = "tf.MaxPool"(%x) {ksize = [1, 0, 2, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @pool_stride_zero(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.MaxPool' op Row and column strides should be larger than 0}}
  %0 = "tf.MaxPool"(%x) {ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 0, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @avg_pool_explicit(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.AvgPool' op padding must be "SAME" or "VALID", got "EXPLICIT"}}
  %0 = "tf.AvgPool"(%x) {explicit_paddings = [0, 0, 1, 1, 1, 1, 0, 0], ksize = [1, 2, 2, 1], padding = "EXPLICIT", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @max_pool3d_explicit(%x: tensor<1x2x4x4x2xf32>) -> tensor<1x2x4x4x2xf32> {
  // expected-error @+1 {{'tf.MaxPool3D' op padding must be "SAME" or "VALID", got "EXPLICIT"}}
  %0 = "tf.MaxPool3D"(%x) {explicit_paddings = [0, 0, 0, 0, 1, 1, 1, 1, 0, 0], ksize = [1, 1, 2, 2, 1], padding = "EXPLICIT", strides = [1, 1, 1, 1, 1]} : (tensor<1x2x4x4x2xf32>) -> tensor<1x2x4x4x2xf32>
  func.return %0 : tensor<1x2x4x4x2xf32>
}

// -----

func.func @max_pool_explicit_count(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.MaxPool' op explicit_paddings attribute must contain 8 values, but got: 4}}
  %0 = "tf.MaxPool"(%x) {explicit_paddings = [1, 1, 1, 1], ksize = [1, 2, 2, 1], padding = "EXPLICIT", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @max_pool_explicit_batch(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.MaxPool' op Nonzero explicit padding in the batch or depth dimensions is not supported, got [0 0 1 1 1 1 0 1]}}
  %0 = "tf.MaxPool"(%x) {explicit_paddings = [0, 0, 1, 1, 1, 1, 0, 1], ksize = [1, 2, 2, 1], padding = "EXPLICIT", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @max_pool_explicit_negative(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.MaxPool' op All elements of explicit_paddings must be nonnegative (and at most 2^32), got [0 0 -1 1 1 1 0 0]}}
  %0 = "tf.MaxPool"(%x) {explicit_paddings = [0, 0, -1, 1, 1, 1, 0, 0], ksize = [1, 2, 2, 1], padding = "EXPLICIT", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @max_pool_explicit_result(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.MaxPool' op inferred type tensor<1x5x5x2xf32> is incompatible with the declared result type tensor<1x4x4x2xf32>: dim 1 is 5 vs 4}}
  %0 = "tf.MaxPool"(%x) {explicit_paddings = [0, 0, 1, 1, 1, 1, 0, 0], ksize = [1, 2, 2, 1], padding = "EXPLICIT", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @pool_valid_negative(%x: tensor<1x2x4x2xf32>) -> tensor<1x?x?x2xf32> {
  // expected-error @+1 {{'tf.MaxPool' op Computed output size would be negative: -1 [input_size: 2, effective_filter_size: 4, stride: 1]}}
  %0 = "tf.MaxPool"(%x) {ksize = [1, 4, 2, 1], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x4x2xf32>) -> tensor<1x?x?x2xf32>
  func.return %0 : tensor<1x?x?x2xf32>
}

// -----

func.func @avgpool_int(%x: tensor<1x4x4x2xi32>) -> tensor<1x4x4x2xi32> {
  // expected-error @+1 {{'tf.AvgPool' op operand #0 must be a tensor of f16, f32, f64, bf16 values, but got tensor<1x4x4x2xi32>}}
  %0 = "tf.AvgPool"(%x) {ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xi32>) -> tensor<1x4x4x2xi32>
  func.return %0 : tensor<1x4x4x2xi32>
}

// -----

func.func @maxpool3d_f64(%x: tensor<1x2x4x4x2xf64>) -> tensor<1x2x4x4x2xf64> {
  // expected-error @+1 {{'tf.MaxPool3D' op operand #0 must be a tensor of f16, f32 values, but got tensor<1x2x4x4x2xf64>}}
  %0 = "tf.MaxPool3D"(%x) {ksize = [1, 1, 2, 2, 1], padding = "SAME", strides = [1, 1, 1, 1, 1]} : (tensor<1x2x4x4x2xf64>) -> tensor<1x2x4x4x2xf64>
  func.return %0 : tensor<1x2x4x4x2xf64>
}

// -----

func.func @pool_rank(%x: tensor<4x4x2xf32>) -> tensor<4x4x2xf32> {
  // expected-error @+1 {{'tf.MaxPool' op tensor_in must be 4-dimensional, got tensor<4x4x2xf32>}}
  %0 = "tf.MaxPool"(%x) {ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<4x4x2xf32>) -> tensor<4x4x2xf32>
  func.return %0 : tensor<4x4x2xf32>
}

// -----

func.func @dw_nchw(%x: tensor<1x2x4x4xf32>, %w: tensor<2x2x2x1xf32>) -> tensor<1x2x4x4xf32> {
  // expected-error @+1 {{'tf.DepthwiseConv2dNative' op Depthwise convolution on CPU is only supported for NHWC format}}
  %0 = "tf.DepthwiseConv2dNative"(%x, %w) {data_format = "NCHW", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x4x4xf32>, tensor<2x2x2x1xf32>) -> tensor<1x2x4x4xf32>
  func.return %0 : tensor<1x2x4x4xf32>
}

// -----

func.func @dw_strides(%x: tensor<1x4x4x2xf32>, %w: tensor<2x2x2x1xf32>) -> tensor<1x2x1x2xf32> {
  // expected-error @+1 {{'tf.DepthwiseConv2dNative' op Current implementation only supports equal length strides in the row and column dimensions.}}
  %0 = "tf.DepthwiseConv2dNative"(%x, %w) {padding = "SAME", strides = [1, 2, 3, 1]} : (tensor<1x4x4x2xf32>, tensor<2x2x2x1xf32>) -> tensor<1x2x1x2xf32>
  func.return %0 : tensor<1x2x1x2xf32>
}

// -----

func.func @dw_depth(%x: tensor<1x4x4x2xf32>, %w: tensor<2x2x3x1xf32>) -> tensor<1x4x4x3xf32> {
  // expected-error @+1 {{'tf.DepthwiseConv2dNative' op input and filter must have the same depth: 2 vs 3}}
  %0 = "tf.DepthwiseConv2dNative"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>, tensor<2x2x3x1xf32>) -> tensor<1x4x4x3xf32>
  func.return %0 : tensor<1x4x4x3xf32>
}

// -----

func.func @dw_dilation_batch(%x: tensor<1x4x4x2xf32>, %w: tensor<2x2x2x1xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.DepthwiseConv2dNative' op Current implementation does not yet support dilations in the batch and depth dimensions}}
  %0 = "tf.DepthwiseConv2dNative"(%x, %w) {dilations = [2, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>, tensor<2x2x2x1xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @dw_explicit_count(%x: tensor<1x4x4x2xf32>, %w: tensor<2x2x2x1xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.DepthwiseConv2dNative' op explicit_paddings attribute must contain 8 values, but got: 4}}
  %0 = "tf.DepthwiseConv2dNative"(%x, %w) {explicit_paddings = [0, 0, 1, 1], padding = "EXPLICIT", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>, tensor<2x2x2x1xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @dw_filter_rank(%x: tensor<1x4x4x2xf32>, %w: tensor<2x2x2xf32>) -> tensor<1x4x4x2xf32> {
  // expected-error @+1 {{'tf.DepthwiseConv2dNative' op filter must be 4-dimensional, got tensor<2x2x2xf32>}}
  %0 = "tf.DepthwiseConv2dNative"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>, tensor<2x2x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}

// -----

func.func @conv3d_ncdhw(%x: tensor<1x2x2x4x4xf32>, %w: tensor<1x2x2x2x3xf32>) -> tensor<1x2x2x4x3xf32> {
  // expected-error @+1 {{'tf.Conv3D' op The Conv3D op currently only supports the NDHWC tensor format on the CPU. The op was given the format: NCDHW}}
  %0 = "tf.Conv3D"(%x, %w) {data_format = "NCDHW", padding = "SAME", strides = [1, 1, 1, 1, 1]} : (tensor<1x2x2x4x4xf32>, tensor<1x2x2x2x3xf32>) -> tensor<1x2x2x4x3xf32>
  func.return %0 : tensor<1x2x2x4x3xf32>
}

// -----

func.func @conv3d_explicit(%x: tensor<1x2x4x4x2xf32>, %w: tensor<1x2x2x2x3xf32>) -> tensor<1x2x4x4x3xf32> {
  // expected-error @+1 {{'tf.Conv3D' op padding must be "SAME" or "VALID", got "EXPLICIT"}}
  %0 = "tf.Conv3D"(%x, %w) {explicit_paddings = [0, 0, 0, 0, 1, 1, 1, 1, 0, 0], padding = "EXPLICIT", strides = [1, 1, 1, 1, 1]} : (tensor<1x2x4x4x2xf32>, tensor<1x2x2x2x3xf32>) -> tensor<1x2x4x4x3xf32>
  func.return %0 : tensor<1x2x4x4x3xf32>
}

// -----

func.func @conv3d_strides(%x: tensor<1x2x4x4x2xf32>, %w: tensor<1x2x2x2x3xf32>) -> tensor<1x2x4x4x3xf32> {
  // expected-error @+1 {{'tf.Conv3D' op Sliding window strides field must specify 5 dimensions}}
  %0 = "tf.Conv3D"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x4x4x2xf32>, tensor<1x2x2x2x3xf32>) -> tensor<1x2x4x4x3xf32>
  func.return %0 : tensor<1x2x4x4x3xf32>
}

// -----

func.func @conv3d_depth(%x: tensor<1x2x4x4x2xf32>, %w: tensor<1x2x2x4x3xf32>) -> tensor<1x2x4x4x3xf32> {
  // expected-error @+1 {{'tf.Conv3D' op input and filter must have the same depth: 2 vs 4}}
  %0 = "tf.Conv3D"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1, 1]} : (tensor<1x2x4x4x2xf32>, tensor<1x2x2x4x3xf32>) -> tensor<1x2x4x4x3xf32>
  func.return %0 : tensor<1x2x4x4x3xf32>
}

// -----

func.func @conv3d_types(%x: tensor<1x2x4x4x2xf32>, %w: tensor<1x2x2x2x3xf64>) -> tensor<1x2x4x4x3xf32> {
  // expected-error @+1 {{'tf.Conv3D' op requires the same element type for all operands, got tensor<1x2x4x4x2xf32> and tensor<1x2x2x2x3xf64>}}
  %0 = "tf.Conv3D"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1, 1]} : (tensor<1x2x4x4x2xf32>, tensor<1x2x2x2x3xf64>) -> tensor<1x2x4x4x3xf32>
  func.return %0 : tensor<1x2x4x4x3xf32>
}

// -----

func.func @conv3d_int(%x: tensor<1x2x4x4x2xi32>, %w: tensor<1x2x2x2x3xi32>) -> tensor<1x2x4x4x3xi32> {
  // expected-error @+1 {{'tf.Conv3D' op operand #0 must be a tensor of f16, f32, f64, bf16 values, but got tensor<1x2x4x4x2xi32>}}
  %0 = "tf.Conv3D"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1, 1]} : (tensor<1x2x4x4x2xi32>, tensor<1x2x2x2x3xi32>) -> tensor<1x2x4x4x3xi32>
  func.return %0 : tensor<1x2x4x4x3xi32>
}

// -----

func.func @pool_ksize_huge(%x: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  // expected-error @+1 {{'tf.AvgPool' op Sliding window ksize for dimension 2 is too large: 8589934592}}
  %0 = "tf.AvgPool"(%x) {ksize = [1, 1, 8589934592, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  func.return %0 : tensor<?x?x?x?xf32>
}

// -----

func.func @dw_dilation_huge(%x: tensor<?x?x?x?xf32>, %w: tensor<3x3x?x1xf32>) -> tensor<?x?x?x?xf32> {
  // expected-error @+1 {{'tf.DepthwiseConv2dNative' op Dilated rates should be larger than 0 (and at most 2^32), got [1 8589934592 1 1]}}
  %0 = "tf.DepthwiseConv2dNative"(%x, %w) {dilations = [1, 8589934592, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>, tensor<3x3x?x1xf32>) -> tensor<?x?x?x?xf32>
  func.return %0 : tensor<?x?x?x?xf32>
}

// -----

func.func @pool3d_window_larger(%x: tensor<1x1x2x1x3xf32>) -> tensor<1x1x1x1x3xf32> {
  %0 = "tf.MaxPool3D"(%x) {ksize = [1, 5, 5, 5, 1], padding = "SAME", strides = [1, 7, 7, 7, 1]} : (tensor<1x1x2x1x3xf32>) -> tensor<1x1x1x1x3xf32>
  func.return %0 : tensor<1x1x1x1x3xf32>
}
